import { Worker } from 'node:worker_threads';
import { BusyError } from '../../errors';
import type { InvoicePdfInput } from './invoice-pdf';

/*
 * Invoice PDFs drawn off the server's thread (issue 25: "off the main thread, as the monthly report
 * does"): one worker thread, started on the first download and kept a minute after its last, draws them
 * one after another. At most MAX_WAITING wait in line; one more is refused with 503 and Retry-After,
 * so a burst of downloads cannot queue without end. A worker that fails is stopped and the next
 * download starts a new one.
 */

export interface InvoicePdfJob {
  id: number;
  input: InvoicePdfInput;
}
export type InvoicePdfResult = { id: number; pdf: Uint8Array } | { id: number; error: string };

const MAX_WAITING = 16;
export const INVOICES_BUSY_MESSAGE = 'We are preparing many invoice PDFs right now. Please try again in a few seconds.';
const BUSY_RETRY_SECONDS = 5;
/** A worker's heap: an invoice needs a few MB; past this the worker stops, not the server. */
const WORKER_HEAP_MB = 128;

/** The built file beside the server bundle; from the TypeScript source (tsx, Vitest), an entry that loads it through tsx. */
const workerScript = new URL(
  import.meta.url.endsWith('.ts') ? './invoice-pdf-worker-source.mjs' : './invoice-pdf-worker.js',
  import.meta.url,
);

/** An idle worker is kept this long for the next download (loading pdfkit and the fonts takes a while), then stopped. */
const IDLE_WORKER_MS = 60_000;

let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 0;
const pending = new Map<number, { resolve: (pdf: Buffer) => void; reject: (error: Error) => void }>();

function failAll(error: Error) {
  for (const job of pending.values()) job.reject(error);
  pending.clear();
}

function started(): Worker {
  if (worker) return worker;
  const made = new Worker(workerScript, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  made.on('message', (result: InvoicePdfResult) => {
    const job = pending.get(result.id);
    if (!job) return;
    pending.delete(result.id);
    if ('error' in result) job.reject(new Error(`invoice PDF: ${result.error}`));
    else job.resolve(Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength));
    // Idle, it does not keep the process alive (a command that made a PDF may end), and stops after a while.
    if (!pending.size) {
      made.unref();
      idleTimer = setTimeout(() => void made.terminate(), IDLE_WORKER_MS).unref();
    }
  });
  made.on('error', (error) => {
    if (worker === made) worker = null;
    failAll(error);
  });
  made.on('exit', (code) => {
    if (worker === made) worker = null;
    failAll(new Error(`invoice PDF: the worker stopped (exit code ${code})`));
  });
  worker = made;
  return made;
}

/** Draws an invoice's PDF in the worker thread; refused with 503 when too many wait already. */
export function renderInvoicePdfOffThread(input: InvoicePdfInput): Promise<Buffer> {
  if (pending.size > MAX_WAITING) return Promise.reject(new BusyError(INVOICES_BUSY_MESSAGE, BUSY_RETRY_SECONDS));
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  const thread = started();
  thread.ref();
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.postMessage({ id, input } satisfies InvoicePdfJob);
  });
}
