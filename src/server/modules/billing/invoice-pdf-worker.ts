import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { InvoicePdfJob, InvoicePdfResult } from './invoice-rendering';

/*
 * A worker thread that draws invoice PDFs, one at a time (invoice-rendering.ts starts it and keeps
 * it for the next): pdfkit's layout and font subsetting are CPU work that on the server's thread
 * would hold other requests back, as the monthly report's worker does for reports. Below the
 * server's thread for the CPU (nice 10), first thing; where that is not allowed, it still runs off
 * the server's thread. Built as its own entry (scripts/build.ts): dist/server/invoice-pdf-worker.js.
 */
try {
  setPriority(0, 10);
} catch {
  // Not allowed here (some containers).
}

const { renderInvoicePdf } = await import('./invoice-pdf');
const port = parentPort!;

port.on('message', (job: InvoicePdfJob) => {
  renderInvoicePdf(job.input).then(
    (pdf) => port.postMessage({ id: job.id, pdf } satisfies InvoicePdfResult),
    (error: unknown) =>
      port.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) } satisfies InvoicePdfResult),
  );
});
