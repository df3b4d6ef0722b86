import { and, count, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SERVICE_OPTIONS, type QuoteRequestStatus } from '../../../shared/constants';
import { compactQuoteRequestCounts, countQuoteRequests, type CountFilter } from './quote-request-counts';
import { quoteRequestCountDeltas, quoteRequests } from '../../db/schema';
import { validContact } from '#test/fixtures';
import { emptyTables, testDatabaseFor, testDatabases } from '#test/database';

describe.each(testDatabases)('inbox totals on %s', (kind) => {
  const suite = testDatabaseFor(kind);

  const insert = (n: number, status: QuoteRequestStatus, service: string) =>
    suite.database.db.insert(quoteRequests).values(
      Array.from({ length: n }, () => ({
        ...validContact,
        status,
        service,
        consentText: 'I agree',
        consentedAt: new Date(),
        isSpam: status === 'spam',
      })),
    );

  /** The same filter counted the slow way, row by row. */
  async function exact(filter: CountFilter) {
    const conditions = [
      filter.status ? eq(quoteRequests.status, filter.status as 'new') : filter.includeSpam ? undefined : ne(quoteRequests.status, 'spam'),
      filter.service ? eq(quoteRequests.service, filter.service) : undefined,
    ];
    const [row] = await suite.database.db
      .select({ n: count() })
      .from(quoteRequests)
      .where(and(...conditions));
    return row!.n;
  }

  const filters: CountFilter[] = [
    {},
    { includeSpam: true },
    { status: 'new' },
    { status: 'spam' },
    { service: SERVICE_OPTIONS[0] },
    { status: 'won', service: SERVICE_OPTIONS[1] },
  ];

  async function expectExact() {
    for (const filter of filters)
      expect(await countQuoteRequests(suite.database.db, filter), JSON.stringify(filter)).toBe(await exact(filter));
  }

  it('match an exact count through inserts, status changes, folding and truncation', async () => {
    await emptyTables(suite.database);
    await insert(7, 'new', SERVICE_OPTIONS[0]);
    await insert(3, 'spam', SERVICE_OPTIONS[0]);
    await insert(4, 'won', SERVICE_OPTIONS[1]);
    await expectExact();
    expect(await countQuoteRequests(suite.database.db, {})).toBe(11);

    await compactQuoteRequestCounts(suite.database.db);
    const [pending] = await suite.database.db.select({ n: count() }).from(quoteRequestCountDeltas);
    expect(pending!.n).toBe(0);
    await expectExact();

    // A status change moves a request between totals; an update that changes neither leaves them alone.
    const [first] = await suite.database.db
      .select({ id: quoteRequests.id })
      .from(quoteRequests)
      .where(eq(quoteRequests.status, 'new'))
      .limit(1);
    await suite.database.db
      .update(quoteRequests)
      .set({ status: 'won', service: SERVICE_OPTIONS[1] })
      .where(eq(quoteRequests.id, first!.id));
    await suite.database.db.update(quoteRequests).set({ message: 'Edited' }).where(eq(quoteRequests.id, first!.id));
    await expectExact();
    expect(await countQuoteRequests(suite.database.db, { status: 'won', service: SERVICE_OPTIONS[1] })).toBe(5);

    // Two servers folding at once never count a delta twice.
    await insert(5, 'new', SERVICE_OPTIONS[2]);
    await Promise.all([compactQuoteRequestCounts(suite.database.db), compactQuoteRequestCounts(suite.database.db)]);
    await expectExact();

    await suite.database.db.delete(quoteRequests).where(eq(quoteRequests.id, first!.id));
    await expectExact();

    // A large fold vacuums the deltas it leaves dead; the totals stay exact.
    await compactQuoteRequestCounts(suite.database.db);
    await insert(1200, 'quoted', SERVICE_OPTIONS[3]);
    expect(await compactQuoteRequestCounts(suite.database.db)).toBe(1200);
    await expectExact();

    await emptyTables(suite.database);
    expect(await countQuoteRequests(suite.database.db, { includeSpam: true })).toBe(0);
  });
});
