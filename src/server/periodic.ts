import type { FastifyInstance } from 'fastify';

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
