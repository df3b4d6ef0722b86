import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { quoteRequestCountDeltas, quoteRequestCounts } from '../../db/schema';

export interface CountFilter {
  status?: string;
  service?: string;
  includeSpam?: boolean;
}

/**
 * The exact number of quote requests matching a status/service filter, read from
 * the trigger-kept totals: a few dozen rows however large the table grows.
 * Counts and deltas are read in one statement, so one snapshot sees every row once.
 */
export async function countQuoteRequests(db: Executor, filter: CountFilter): Promise<number> {
  const where = (table: typeof quoteRequestCounts | typeof quoteRequestCountDeltas): SQL | undefined => {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(table.status, filter.status));
    else if (!filter.includeSpam) conditions.push(ne(table.status, 'spam'));
    if (filter.service) conditions.push(eq(table.service, filter.service));
    return and(...conditions);
  };
  const counted = sql`coalesce((select sum(${quoteRequestCounts.n}) from ${quoteRequestCounts} where ${where(quoteRequestCounts) ?? sql`true`}), 0)`;
  const pending = sql`coalesce((select sum(${quoteRequestCountDeltas.delta}) from ${quoteRequestCountDeltas} where ${where(quoteRequestCountDeltas) ?? sql`true`}), 0)`;
  // node-postgres and PGlite both answer `execute` with `{ rows }`.
  const result = (await db.execute(sql`select ${counted} + ${pending} as n`)) as unknown as { rows: Array<{ n: string | number }> };
  return Number(result.rows[0]!.n);
}

/** Above this many folded deltas, their dead rows are vacuumed at once, so summing the deltas stays cheap. */
const VACUUM_AFTER_DELTAS = 1000;

/**
 * Folds pending deltas into the totals and returns how many it folded. Safe to run
 * from several servers at once. A large fold leaves as many dead rows, which every
 * total would scan until autovacuum came by (a minute or more), so it vacuums them itself.
 */
export async function compactQuoteRequestCounts(db: Executor): Promise<number> {
  const result = (await db.execute(sql`select compact_quote_request_counts() as folded`)) as unknown as {
    rows: Array<{ folded: number }>;
  };
  const folded = Number(result.rows[0]!.folded);
  if (folded >= VACUUM_AFTER_DELTAS) await db.execute(sql`vacuum ${quoteRequestCountDeltas}`);
  return folded;
}
