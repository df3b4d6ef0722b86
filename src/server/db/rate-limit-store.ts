import { lt, sql } from 'drizzle-orm';
import type { Database, Db } from './database';
import { rateLimitHits } from './schema';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** One hit: a new window, a hit in the current one, or the first hit of a new window after the old ended. */
const HIT_SQL = `
  insert into rate_limit_hits (key, hits, reset_at) values ($1, 1, now() + make_interval(secs => $2::float8))
  on conflict (key) do update set
    hits = case when rate_limit_hits.reset_at <= now() then 1 else rate_limit_hits.hits + 1 end,
    reset_at = case when rate_limit_hits.reset_at <= now() then excluded.reset_at else rate_limit_hits.reset_at end
  returning hits, ceil(extract(epoch from reset_at - now()) * 1000) as ttl`;

/**
 * A store for @fastify/rate-limit that keeps its counters in PostgreSQL, so
 * every server on one database shares them: a limit of 10 stays 10 with two
 * instances. One upsert per counted request; the row lock lasts that statement,
 * and the table is UNLOGGED, so there is no fsync per hit.
 */
export class DatabaseRateLimitStore {
  constructor(
    private readonly database: Database,
    /** Separates one route's counters from another's. */
    private readonly prefix = '',
  ) {}

  incr(key: string, callback: IncrCallback, timeWindow: number) {
    this.database
      .run<{ hits: number; ttl: string | number }>('rate_limit_hit', HIT_SQL, [this.prefix + key, timeWindow / 1000])
      .then(([row]) => callback(null, { current: Number(row!.hits), ttl: Math.max(0, Number(row!.ttl)) }), callback);
  }

  /**
   * Each route counts under its own prefix. The plugin passes its merged settings,
   * with the route in `routeInfo` (its typings say otherwise); `createRateLimit`
   * limiters have no route and key by their own generator.
   */
  child(settings: object) {
    const { routeInfo } = settings as { routeInfo?: { method?: string | string[]; url?: string } };
    const route = routeInfo?.url ? `${String(routeInfo.method)} ${routeInfo.url}|` : '';
    return new DatabaseRateLimitStore(this.database, this.prefix + route);
  }
}

/** Whether rate limits are counted in the database, shared by every instance: on PostgreSQL (PGlite keeps them in memory). */
export const sharesRateLimits = (database: Database) => database.kind === 'postgres';

/** Drops windows that ended a while ago; any server may run it. */
export async function purgeExpiredRateLimits(db: Db) {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.resetAt, sql`now() - interval '1 minute'`));
}
