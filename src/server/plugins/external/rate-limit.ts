import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database';
import { DatabaseRateLimitStore, sharesRateLimits } from '../../db/rate-limit-store';

/**
 * Rate limits are opt-in per route (`config.rateLimit`). On PostgreSQL the
 * counters live in the database, shared by every server instance; on PGlite,
 * which one process owns (the DATA_DIR lock), they live in that process's memory.
 * Ended windows are purged by a job (jobs/purge-jobs.ts).
 */
export default fp<{ database: Database }>(
  async (app, { database }) => {
    const shared = sharesRateLimits(database);
    await app.register(rateLimit, {
      global: false,
      // The plugin's own key: the client IP, with IPv6 grouped by /64, so one network cannot rotate addresses.
      ...(shared
        ? {
            store: class extends DatabaseRateLimitStore {
              constructor() {
                super(database);
              }
            },
          }
        : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        message: `Too many requests. Please try again in ${context.after}.`,
      }),
    });
  },
  { name: 'rate-limit' },
);
