import type { FastifyInstance } from 'fastify';
import { runPeriodically, type PeriodicJob } from '../periodic';
import { billingJobs } from './billing-jobs';
import { purgeJobs } from './purge-jobs';
import { quoteRequestJobs } from './quote-request-jobs';
import { reportJobs } from './report-jobs';
import { visitJobs } from './visit-jobs';

/**
 * Every periodic job of the app, on every instance (each is safe to run on several at once).
 * The outbox's worker is not one of them: it drains the outbox whenever mail is queued and polls
 * between times on its own loop, never two drains at once (modules/mail/outbox.ts, plugins/app/mail.ts).
 */
export function periodicJobs(app: FastifyInstance): PeriodicJob[] {
  return [...visitJobs(app), ...reportJobs(app), ...quoteRequestJobs(app), ...billingJobs(app), ...purgeJobs(app)];
}

/**
 * Starts the jobs when the app is ready (those marked `atStart` run once first, in order, before
 * it answers) and stops them when it closes. Called once, from app.ts, after the plugins the jobs use.
 */
export function registerJobs(app: FastifyInstance) {
  const jobs = periodicJobs(app);
  app.addHook('onReady', async () => {
    for (const job of jobs.filter((candidate) => candidate.atStart)) {
      await job.run().catch((error: unknown) => app.log.warn({ err: error }, `could not ${job.what}`));
    }
  });
  for (const job of jobs) runPeriodically(app, job.intervalMs, job.what, job.run);
}
