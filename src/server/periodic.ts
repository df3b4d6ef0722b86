import type { FastifyInstance } from 'fastify';

/** A piece of periodic work (src/server/jobs/): what it does, how often, and whether it also runs at start. */
export interface PeriodicJob {
  /** For the log: a failure is "could not <what>". */
  what: string;
  intervalMs: number;
  run(): Promise<unknown>;
  /** Also once when the app is ready, before it answers (a restart catches up at once); awaited in the jobs' order. */
  atStart?: boolean;
}

/**
 * Runs a maintenance task every `intervalMs` while the app is up: started when it
 * is ready, stopped when it closes, never keeping the process alive, and a failure
 * (the database away, say) logged as a warning and tried again next time.
 */
export function runPeriodically(app: FastifyInstance, intervalMs: number, what: string, task: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      task().catch((error: unknown) => app.log.warn({ err: error }, `could not ${what}`));
    }, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
