import type { FastifyInstance } from 'fastify';
import { extendPlanHorizons, markMissedVisits } from '../modules/plans';
import { runPeriodically } from '../periodic';

/** How often the plans' visits are extended to the horizon (a new day comes into it once a day; hourly is plenty). */
export const HORIZON_INTERVAL_MS = 60 * 60 * 1000;
/** How often visits whose local day has ended are marked missed. */
export const MISSED_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The visits' periodic work, on every instance (both jobs are safe to run at once, see
 * modules/plans): once when the app is ready, so a restart catches up at once, then on a timer.
 */
export function registerVisitJobs(app: FastifyInstance) {
  const extend = () => extendPlanHorizons(app.db, { horizonWeeks: app.config.visitHorizonWeeks });
  const markMissed = () => markMissedVisits(app.db);
  app.addHook('onReady', async () => {
    await markMissed().catch((error: unknown) => app.log.warn({ err: error }, 'could not mark missed visits'));
    await extend().catch((error: unknown) => app.log.warn({ err: error }, 'could not extend the plans’ visits'));
  });
  runPeriodically(app, MISSED_INTERVAL_MS, 'mark missed visits', markMissed);
  runPeriodically(app, HORIZON_INTERVAL_MS, 'extend the plans’ visits', extend);
}
