import { sql, type SQLWrapper } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseFor, testDatabases } from '#test/database';
import type { Db } from '../../db/database';
import { SEARCH_COUNT_CAP } from '../../../shared/constants';
import {
  countMatching,
  countQuery,
  findQuoteRequests,
  quoteRequestsQuery,
  recentMatchesQuery,
  type ListFilter,
  type ListPosition,
  type QuoteRequestRow,
} from './quote-requests.repository';

const ROWS = 20_000;
const TOWNS = ['Brookfield', 'Waukesha', 'Wauwatosa', 'West Allis', 'Oak Creek', 'Greenfield', 'Cudahy', 'Muskego', 'Pewaukee', 'Franklin'];

/** The plan PostgreSQL picks for a query, as text. */
async function plan(db: Db, query: SQLWrapper): Promise<string> {
  const result = (await db.execute(sql`explain ${query}`)) as unknown as { rows: Array<Record<string, string>> };
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}

/**
 * The inbox's search reads the trigram index over name, e-mail, phone and message
 * (quote_requests_search_idx), so it stays fast at a million rows: proved on the plans
 * PostgreSQL (and PGlite, the same planner) choose for the exact queries the inbox sends.
 */
describe.each(testDatabases)('the inbox search on %s', (kind) => {
  const suite = testDatabaseFor(kind);

  it('uses the trigram index for the list and its exact count', async () => {
    const { db } = suite.database;
    const towns = sql.raw(`array[${TOWNS.map((town) => `'${town}'`).join(',')}]`);
    await db.execute(sql`
      insert into quote_requests (name, email, phone, service, message, consent, consent_text, consented_at, submitted_at)
      select 'Client ' || g, 'client' || g || '@example.com', '(414) 555-' || lpad((g % 10000)::text, 4, '0'), 'Parking Lot Cleaning',
        'Our retail lot in ' || (${towns})[1 + g % ${TOWNS.length}] || ' needs sweeping and litter pickup twice a week.',
        true, 'I agree', now(), now() - make_interval(secs => g * 60)
      from generate_series(1, ${ROWS}) as g`);
    await db.execute(sql`
      insert into quote_requests (name, email, service, message, consent, consent_text, consented_at)
      values ('Rosa Delgado', 'rosa@delafield-dental.example', 'Other', 'Our dental office lot on Genesee Street in Delafield needs a spring cleanup.', true, 'I agree', now())`);
    await db.execute(sql`analyze quote_requests`);

    // A rare word (one request in 20,001): the planner reads the index on its own.
    const rare = { q: 'Delafield' };
    expect(await plan(db, quoteRequestsQuery(db, rare, 51))).toContain('quote_requests_search_idx');
    expect((await findQuoteRequests(db, rare, 51)).map((row) => row.name)).toEqual(['Rosa Delgado']);

    // A town in one request of ten: the count reads the index too (sequential scans off, as on a table
    // many times this size, where the planner would not consider scanning it all).
    const common = { q: 'brookfield' };
    const counted = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return { list: await plan(tx, quoteRequestsQuery(tx, common, 51)), count: await plan(tx, countQuery(tx, common)) };
    });
    expect(counted.count).toContain('quote_requests_search_idx');
    expect(counted.count).not.toContain('Seq Scan');
    expect(counted.list).not.toContain('Seq Scan');
    const [{ n }] = (await countQuery(db, common, ROWS)) as [{ n: number }];
    expect(n).toBe(ROWS / TOWNS.length);
    // The inbox's own count stops past the cap: 2,000 matches read as "more than 200".
    expect(await countMatching(db, common)).toEqual({ total: SEARCH_COUNT_CAP, capped: true });
    expect(await countMatching(db, { q: 'waukesha county' })).toEqual({ total: 0, capped: false });
    const [{ n: few }] = (await countQuery(db, common, 10)) as [{ n: number }];
    expect(few).toBe(11);
  });

  it('answers a common word from the most recent requests, in the same order and pages as the index would', async () => {
    const { db } = suite.database;
    // The rows of the first test are still here: a town in one request of ten.
    const common = { q: 'brookfield' };
    const recentPlan = await plan(db, recentMatchesQuery(db, common, 51));
    expect(recentPlan).toContain('quote_requests_list_idx');
    expect(recentPlan).not.toMatch(/Sort|Seq Scan/);

    const cases: ListFilter[] = [
      common,
      { q: 'BROOKFIELD', status: 'all' },
      { q: 'Delafield' },
      { q: 'client1@' },
      { q: 'nowhere at all' },
    ];
    for (const filters of cases) {
      let after: ListPosition | null = null;
      for (let page = 0; page < 3; page++) {
        const found = await findQuoteRequests(db, filters, 25, after);
        const indexed = (await quoteRequestsQuery(db, filters, 25, after)) as QuoteRequestRow[];
        expect(
          found.map((row) => row.id),
          `${filters.q} page ${page}`,
        ).toEqual(indexed.map((row) => row.id));
        if (found.length < 25) break;
        after = { pinned: found.at(-1)!.pinned, submittedAt: found.at(-1)!.submittedAt, id: found.at(-1)!.id };
      }
    }
    expect((await findQuoteRequests(db, { q: 'Delafield' }, 25)).map((row) => row.name)).toEqual(['Rosa Delgado']);
  });

  it('finds letters whose case JavaScript and the database fold differently, such as Ⓐ', async () => {
    const { db } = suite.database;
    await db.execute(sql`
      insert into quote_requests (name, email, service, message, consent, consent_text, consented_at)
      values ('Ⓐnna Ⓑrook', 'anna@example.com', 'Other', 'The circled letters are in her signature.', true, 'I agree', now())`);
    // The name as written always finds itself, and ASCII letters match in any case. (Whether "ⓐ" finds
    // "Ⓐ" is the database's locale: PGlite runs in the C locale, which folds ASCII letters only.)
    for (const q of ['Ⓐnna Ⓑrook', 'NNA Ⓑ', 'Ⓐ']) {
      expect(
        (await findQuoteRequests(db, { q }, 5)).map((row) => row.email),
        q,
      ).toContain('anna@example.com');
    }
  });
});
