import { PassThrough, type Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { BusyError } from '../../errors';
import { BoundedQueue, type PhotoStorage } from '../photos';
import type { MonthlyReport } from './monthly-report-data';
import { photosInDrawOrder } from './monthly-report-pdf';
import { thumbnailReader, type Thumbnail } from './report-thumbnails';

/*
 * Monthly reports are drawn off the server's thread and in bounded numbers (docs/security.md,
 * "Resource limits"): each in a worker thread of its own, at most `concurrency` at once with
 * `maxWaiting` more in line (beyond: 503 and Retry-After), and at most `perUser` in progress
 * for any one user (beyond: 429 and Retry-After), so one person cannot take every turn.
 */

export interface ReportRenderingLimits {
  /** Reports drawn at once, each in its own worker thread. */
  concurrency: number;
  /** Reports waiting for a turn; one more is refused with 503. */
  maxWaiting: number;
  /** Reports one user may have in progress (drawn or waiting); one more is refused with 429. */
  perUser: number;
}

export const REPORT_RENDERING_DEFAULTS: ReportRenderingLimits = { concurrency: 2, maxWaiting: 8, perUser: 3 };

export const REPORTS_BUSY_MESSAGE = 'We are preparing many service reports right now. Please try again in a few seconds.';
export const REPORTS_BUSY_RETRY_SECONDS = 10;
/** A report takes a second or a few: by then one of the user's own has usually finished. */
export const REPORTS_PER_USER_RETRY_SECONDS = 5;
export const reportsPerUserMessage = (perUser: number) =>
  `You already have ${perUser} service reports being prepared. Please wait for them to download, then try again.`;

/** A worker's heap: a month's report needs a few tens of MB; past this the worker stops, not the server. */
const WORKER_HEAP_MB = 256;

/** The worker's messages: a thumbnail it wants, a chunk of the PDF, the end, or what went wrong. */
export type FromRenderer =
  { kind: 'thumbnail'; index: number } | { kind: 'data'; chunk: Uint8Array } | { kind: 'end' } | { kind: 'error'; message: string };
/** To the worker: a report to draw, or the answer to a thumbnail request (null when the photo cannot be read). */
export type ToRenderer = { kind: 'render'; report: MonthlyReport } | { kind: 'thumbnail'; index: number; thumbnail: Thumbnail | null };

let limits = REPORT_RENDERING_DEFAULTS;
const queue = new BoundedQueue(limits, { message: REPORTS_BUSY_MESSAGE, retryAfterSeconds: REPORTS_BUSY_RETRY_SECONDS });
const inProgress = new Map<string, number>();

/** The process's limits, from the config (REPORT_RENDER_CONCURRENCY, REPORT_QUEUE_MAX, REPORT_RENDERS_PER_USER). */
export function configureReportRendering(next: ReportRenderingLimits) {
  limits = next;
  queue.configure(next);
}

/** Reports drawn now and waiting, for tests and the logs. */
export const reportRenderingLoad = () => ({ active: queue.active, queued: queue.queued });

/**
 * Counts one report in progress for a user, or refuses with 429 when they have `perUser` already.
 * Returns the function that ends it (call it once, when the download ends however it ends).
 */
export function startUserReport(userId: string): () => void {
  const count = inProgress.get(userId) ?? 0;
  if (count >= limits.perUser) throw new BusyError(reportsPerUserMessage(limits.perUser), REPORTS_PER_USER_RETRY_SECONDS, 429);
  inProgress.set(userId, count + 1);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    const left = (inProgress.get(userId) ?? 1) - 1;
    if (left > 0) inProgress.set(userId, left);
    else inProgress.delete(userId);
  };
}

/**
 * A turn to draw a report: waits in line, or refuses at once with a 503 when the line is full.
 * Returns the function that gives the turn back.
 */
export function reportTurn(): Promise<() => void> {
  return new Promise((resolve, reject) => {
    queue.run(() => new Promise<void>((release) => resolve(release))).catch(reject);
  });
}

/**
 * The worker's script: the built file beside the server bundle in production
 * (dist/server/report-worker.js); from the TypeScript source (tsx, Vitest), a small entry that
 * loads it through tsx, since a worker thread does not inherit the tsx loader.
 */
const workerScript = new URL(import.meta.url.endsWith('.ts') ? './report-worker-source.mjs' : './report-worker.js', import.meta.url);

/** An idle worker is kept this long for the next report (loading pdfkit and the fonts takes a while), then stopped. */
const IDLE_WORKER_MS = 60_000;

interface IdleWorker {
  worker: Worker;
  timer: NodeJS.Timeout;
  onExit: () => void;
}
const idle: IdleWorker[] = [];

/** A worker for one report: an idle one, or a new one. */
function takeWorker(): Worker {
  const kept = idle.pop();
  if (!kept) return new Worker(workerScript, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  clearTimeout(kept.timer);
  kept.worker.off('exit', kept.onExit);
  kept.worker.ref();
  return kept.worker;
}

/** A worker whose report ended well waits for the next one (the queue never runs more than its concurrency). */
function keepWorker(worker: Worker) {
  // Waiting, it does not keep the process alive (a command that made a report may end).
  worker.unref();
  const entry: IdleWorker = { worker, timer: setTimeout(() => stopIdle(entry), IDLE_WORKER_MS).unref(), onExit: () => stopIdle(entry) };
  worker.once('exit', entry.onExit);
  idle.push(entry);
}

function stopIdle(entry: IdleWorker) {
  clearTimeout(entry.timer);
  const at = idle.indexOf(entry);
  if (at >= 0) idle.splice(at, 1);
  void entry.worker.terminate();
}

/**
 * Draws a report in a worker thread, streaming the PDF as it is made. The thumbnails are read
 * and converted here (storage and sharp are the server's; sharp works off the thread) a few
 * ahead of the drawing. `done` is called once, when the PDF ends, fails, or its reader goes away;
 * a worker whose report did not end well is stopped, never reused.
 */
export function renderInWorker(report: MonthlyReport, storage: PhotoStorage, done: () => void): Readable {
  const out = new PassThrough();
  const thumbnails = thumbnailReader(storage, photosInDrawOrder(report));
  const worker = takeWorker();
  const send = (message: ToRenderer) => worker.postMessage(message);
  const onMessage = (message: FromRenderer) => {
    if (message.kind === 'thumbnail') {
      void thumbnails.get(message.index).then((thumbnail) => {
        if (!finished) send({ kind: 'thumbnail', index: message.index, thumbnail });
      });
    } else if (message.kind === 'data') out.write(Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength));
    else if (message.kind === 'end') finish();
    else finish(new Error(`monthly report: ${message.message}`));
  };
  const onError = (error: Error) => finish(error);
  const onExit = (code: number) => finish(new Error(`monthly report: the worker stopped (exit code ${code})`));
  let finished = false;
  const finish = (error?: Error) => {
    if (finished) return;
    finished = true;
    worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    if (error) {
      void worker.terminate();
      out.destroy(error);
    } else {
      keepWorker(worker);
      out.end();
    }
    done();
  };
  worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  // The reader went away before the end (a download cancelled): the drawing stops with the worker.
  out.on('close', () => finish(new Error('monthly report: the download ended early')));
  send({ kind: 'render', report });
  return out;
}
