import type { FastifyInstance } from 'fastify';
import { extendPlanHorizons, markMissedVisits } from '../modules/plans';
import type { PeriodicJob } from '../periodic';

/** How often the plans' visits are extended to the horizon (a new day comes into it once a day; hourly is plenty). */
export const HORIZON_INTERVAL_MS = 60 * 60 * 1000;
/** How often visits whose local day has ended are marked missed. */
export const MISSED_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The visits' periodic work, on every instance (both jobs are safe to run at once, see
 * modules/plans): once when the app is ready, so a restart catches up at once (missed visits
 * first, then the horizon), then on a timer.
 */
export function visitJobs(app: FastifyInstance): PeriodicJob[] {
  return [
    { what: 'mark missed visits', intervalMs: MISSED_INTERVAL_MS, atStart: true, run: () => markMissedVisits(app.db) },
    {
      what: 'extend the plans’ visits',
      intervalMs: HORIZON_INTERVAL_MS,
      atStart: true,
      run: () => extendPlanHorizons(app.db, { horizonWeeks: app.config.visitHorizonWeeks }),
    },
  ];
}
