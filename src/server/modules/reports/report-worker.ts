// First: the thread's lower priority, before the modules below load.
import './report-worker-priority';
import { parentPort } from 'node:worker_threads';
import type { MonthlyReport } from './monthly-report-data';
import { renderMonthlyReport } from './monthly-report-pdf';
import type { FromRenderer, ToRenderer } from './report-rendering';
import type { Thumbnail } from './report-thumbnails';

/*
 * A worker thread that draws monthly reports, one at a time (report-rendering.ts starts it, and
 * keeps it a while for the next): pdfkit's layout and font subsetting take whole seconds of CPU
 * for a long month, which on the server's thread would hold every other request back. The server keeps the database and the photo
 * store; this thread asks it for each thumbnail as it reaches it, and sends the PDF back in chunks.
 * Built as its own entry (scripts/build.ts) beside the server bundle: dist/server/report-worker.js.
 */

const BATCH_BYTES = 64 * 1024;

const port = parentPort!;
const send = (message: FromRenderer) => port.postMessage(message);
let waiting = new Map<number, (thumbnail: Thumbnail | null) => void>();

/** Draws one report; the server sends the next only after this one's end or error. */
function render(report: MonthlyReport) {
  waiting = new Map();
  const asked = waiting;
  const thumbnailAt = (index: number) =>
    new Promise<Thumbnail | null>((resolve) => {
      asked.set(index, resolve);
      send({ kind: 'thumbnail', index });
    });
  // pdfkit writes an object at a time (thousands of small chunks): they leave in batches, so the
  // server's thread handles a few dozen messages per report, not thousands.
  let batch: Buffer[] = [];
  let batched = 0;
  const flush = () => {
    if (batched) send({ kind: 'data', chunk: Buffer.concat(batch, batched) });
    batch = [];
    batched = 0;
  };
  const doc = renderMonthlyReport(report, thumbnailAt);
  doc.on('data', (chunk: Buffer) => {
    batch.push(chunk);
    batched += chunk.length;
    if (batched >= BATCH_BYTES) flush();
  });
  doc.on('end', () => {
    flush();
    send({ kind: 'end' });
  });
  doc.on('error', (error: Error) => send({ kind: 'error', message: error.message }));
}

port.on('message', (message: ToRenderer) => {
  if (message.kind === 'render') return render(message.report);
  const { index, thumbnail } = message;
  waiting.get(index)?.(
    // Structured cloning gives a Uint8Array; pdfkit reads images from a Buffer.
    thumbnail ? { ...thumbnail, data: Buffer.from(thumbnail.data.buffer, thumbnail.data.byteOffset, thumbnail.data.byteLength) } : null,
  );
  waiting.delete(index);
});
