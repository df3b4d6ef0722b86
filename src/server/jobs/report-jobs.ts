import type { FastifyInstance } from 'fastify';
import { queueVisitReports, queueWeeklySummaries } from '../modules/reports';
import type { PeriodicJob } from '../periodic';

/** How often completed visits are looked for, to send their reports. */
export const VISIT_REPORT_INTERVAL_MS = 60 * 1000;
/** How often Monday morning's weekly summaries are looked for (each goes once per user and week). */
export const WEEKLY_SUMMARY_INTERVAL_MS = 15 * 60 * 1000;

/** Service report e-mails, on every instance (claims make them safe to run at once, see modules/reports). */
export function reportJobs(app: FastifyInstance): PeriodicJob[] {
  return [
    { what: 'queue visit reports', intervalMs: VISIT_REPORT_INTERVAL_MS, run: () => queueVisitReports(app.db, app.photoStorage, app.mail) },
    { what: 'queue weekly summaries', intervalMs: WEEKLY_SUMMARY_INTERVAL_MS, run: () => queueWeeklySummaries(app.db, app.mail) },
  ];
}
