import { setPriority } from 'node:os';

/**
 * Puts the report worker below the server's thread for the CPU (nice 10), first thing, so even
 * loading pdfkit waits for the server: on Linux a priority set for pid 0 is the calling thread's
 * alone. On a busy machine the drawing then waits, not the requests.
 */
export const REPORT_WORKER_NICENESS = 10;

try {
  setPriority(0, REPORT_WORKER_NICENESS);
} catch {
  // Not allowed here (some containers): the drawing still runs off the server's thread.
}
