import type { FastifyInstance } from 'fastify';
import { sharesRateLimits, purgeExpiredRateLimits } from '../db/rate-limit-store';
import { purgeExpiredSignIns } from '../modules/accounts';
import { purgeOldAuditEvents } from '../modules/audit';
import type { PeriodicJob } from '../periodic';

/** How often expired sessions and old sign-in links are deleted. */
export const SESSION_PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** How often audit events past their retention are deleted. */
export const AUDIT_PURGE_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** How often ended rate-limit windows are deleted. */
export const RATE_LIMIT_PURGE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Rows that have had their day, deleted on a timer by any instance (each delete is safe to run at
 * once). Rate limits are in the database only when it is shared (plugins/external/rate-limit.ts);
 * PGlite keeps them in memory.
 */
export function purgeJobs(app: FastifyInstance): PeriodicJob[] {
  return [
    { what: 'purge expired sessions', intervalMs: SESSION_PURGE_INTERVAL_MS, run: () => purgeExpiredSignIns(app.db) },
    { what: 'purge old audit events', intervalMs: AUDIT_PURGE_INTERVAL_MS, run: () => purgeOldAuditEvents(app.db) },
    ...(sharesRateLimits(app.database)
      ? [{ what: 'purge rate limits', intervalMs: RATE_LIMIT_PURGE_INTERVAL_MS, run: () => purgeExpiredRateLimits(app.db) }]
      : []),
  ];
}
