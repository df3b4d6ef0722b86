import type { FastifyInstance } from 'fastify';
import { compactQuoteRequestCounts } from '../modules/quote-requests';
import type { PeriodicJob } from '../periodic';

/** How often the inbox totals' pending deltas are folded. */
export const COUNT_COMPACT_INTERVAL_MS = 2000;

/** The staff inbox's totals: the pending deltas folded every few seconds, so reading them stays a few dozen rows. */
export function quoteRequestJobs(app: FastifyInstance): PeriodicJob[] {
  return [{ what: 'fold inbox totals', intervalMs: COUNT_COMPACT_INTERVAL_MS, run: () => compactQuoteRequestCounts(app.db) }];
}
