// The invoice PDF worker's entry when the server runs from its TypeScript source (tsx, Vitest):
// a worker thread does not inherit the tsx loader, so it registers it before loading the worker.
import { setPriority } from 'node:os';
import { register } from 'tsx/esm/api';

try {
  setPriority(0, 10);
} catch {
  // invoice-pdf-worker.ts says why this may fail.
}
register();
await import('./invoice-pdf-worker.ts');
