// The report worker's entry when the server runs from its TypeScript source (tsx, Vitest):
// a worker thread does not inherit the tsx loader, so it registers it before loading the worker.
// Its lower priority first, so loading tsx and compiling waits for the server's thread too.
import { setPriority } from 'node:os';
import { register } from 'tsx/esm/api';

try {
  setPriority(0, 10);
} catch {
  // report-worker-priority.ts says why this may fail.
}
register();
await import('./report-worker.ts');
