import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quoteRequests, emailOutbox, users } from '../../db/schema';
import { QuoteRequestWriter, type NewQuoteRequest } from './quote-request-writer';
import { validContact } from '#test/fixtures';
import { emptyTables, testDatabaseFor, testDatabases } from '#test/database';

const request = (name: string, status: 'new' | 'spam' = 'new'): NewQuoteRequest => ({
  ...validContact,
  name,
  status,
  isSpam: status === 'spam',
  consentText: 'I agree',
  consentedAt: new Date(),
  submittedAt: new Date(),
});

describe.each(testDatabases)('the quote request writer on %s', (kind) => {
  const suite = testDatabaseFor(kind);

  const writer = (concurrency = 1) =>
    new QuoteRequestWriter(suite.database, { staffNotifyEmails: [], inboxUrl: 'http://localhost/admin/submissions', concurrency });

  it('writes a burst in a few statements, each request stored once with its notices', async () => {
    await emptyTables(suite.database);
    await suite.database.db.insert(users).values([
      { email: 'crew@lakeshorelotcare.com', firstName: 'Sam', lastName: 'Staff', role: 'owner' },
      { email: 'office@lakeshorelotcare.com', firstName: 'Ana', lastName: 'Staff', role: 'office' },
      // A disabled account is told nothing.
      { email: 'former@lakeshorelotcare.com', firstName: 'Lou', lastName: 'Former', role: 'office', disabledAt: new Date() },
    ]);
    const statements: string[] = [];
    const counting = writer();
    const original = suite.database.run.bind(suite.database);
    suite.database.run = ((name: string, text: string, params: unknown[]) => {
      statements.push(name);
      return original(name, text, params);
    }) as typeof suite.database.run;
    try {
      const stored = await Promise.all(
        Array.from({ length: 100 }, (_, i) => counting.store(request(`Client ${i}`, i % 10 ? 'new' : 'spam'))),
      );
      expect(new Set(stored.map((s) => s.id)).size).toBe(100);
      expect(stored.filter((s) => s.notices === 2)).toHaveLength(90);
      // Requests that arrive together are written together.
      expect(statements.length).toBeLessThan(5);
    } finally {
      suite.database.run = original;
    }
    const [rows] = await suite.database.db.select({ n: count() }).from(quoteRequests);
    expect(rows!.n).toBe(100);
    const [mail] = await suite.database.db.select({ n: count() }).from(emailOutbox);
    expect(mail!.n).toBe(180);
  });

  it('stores every column as given, with the arrival time of each request', async () => {
    await emptyTables(suite.database);
    const first: NewQuoteRequest = {
      ...request('First Comer'),
      phone: '(262) 555-0110',
      propertySize: '3 acres',
      urgency: 'This week',
      clientIp: '198.51.100.7',
      userAgent: 'Mozilla/5.0 (test)',
      consentedAt: new Date('2026-11-20T15:00:00.123Z'),
    };
    const second: NewQuoteRequest = { ...request('Second Comer', 'spam'), submittedAt: new Date(first.submittedAt.getTime() + 5) };
    const [a, b] = await Promise.all([writer().store(first), writer().store(second)]);
    const stored = new Map((await suite.database.db.select().from(quoteRequests)).map((row) => [row.id, row]));
    const derived = { urgent: false, pinned: false, customerId: null };
    expect(stored.get(a!.id)).toEqual({ ...first, ...derived, id: a!.id });
    expect(stored.get(b!.id)).toEqual({
      ...second,
      ...derived,
      id: b!.id,
      phone: validContact.phone,
      propertySize: null,
      urgency: null,
      clientIp: null,
      userAgent: null,
    });
  });

  it('marks an emergency urgent, lists it first while new, and says "URGENT:" in the staff e-mail subject', async () => {
    await emptyTables(suite.database);
    const w = new QuoteRequestWriter(suite.database, {
      staffNotifyEmails: ['office@lakeshorelotcare.com', 'owner@lakeshorelotcare.com'],
      inboxUrl: 'http://localhost/admin/submissions',
      concurrency: 1,
    });
    const [plain, byService, byWords] = await Promise.all([
      w.store(request('Plain Request')),
      w.store({ ...request('Flooded Lot'), service: 'Emergency Cleanup' }),
      w.store({ ...request('Glass Everywhere'), message: 'Broken bottles all over the entrance, we need someone ASAP please.' }),
    ]);
    const rows = new Map(
      (await suite.database.db.select().from(quoteRequests)).map((row) => [row.id, { urgent: row.urgent, pinned: row.pinned }]),
    );
    expect(rows.get(plain!.id)).toEqual({ urgent: false, pinned: false });
    expect(rows.get(byService!.id)).toEqual({ urgent: true, pinned: true });
    expect(rows.get(byWords!.id)).toEqual({ urgent: true, pinned: true });
    const subjects = (await suite.database.db.select({ subject: emailOutbox.subject }).from(emailOutbox)).map((r) => r.subject);
    expect(subjects.filter((s) => s.startsWith('URGENT: New quote request: Emergency Cleanup from Flooded Lot'))).toHaveLength(2);
    expect(subjects.filter((s) => s.startsWith('URGENT: ') && s.endsWith('from Glass Everywhere'))).toHaveLength(2);
    expect(subjects.filter((s) => s.endsWith('from Plain Request')).every((s) => s.startsWith('New quote request:'))).toBe(true);
    // Once someone has called back, it is no longer pinned.
    await suite.database.db.update(quoteRequests).set({ status: 'contacted' }).where(eq(quoteRequests.id, byService!.id));
    const [moved] = await suite.database.db
      .select({ pinned: quoteRequests.pinned })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, byService!.id));
    expect(moved!.pinned).toBe(false);
  });

  it('fails only the request that the database refuses, not the rest of its batch', async () => {
    await emptyTables(suite.database);
    const w = writer(2);
    // PostgreSQL text cannot hold a NUL byte; the schema refuses it earlier, this is the last line of defence.
    const results = await Promise.allSettled([
      w.store(request('Good One')),
      w.store(request('Bad\u0000Name')),
      w.store(request('Good Two')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const names = (await suite.database.db.select({ name: quoteRequests.name }).from(quoteRequests)).map((r) => r.name).sort();
    expect(names).toEqual(['Good One', 'Good Two']);
    const [bad] = await suite.database.db.select({ n: count() }).from(quoteRequests).where(eq(quoteRequests.name, 'Bad'));
    expect(bad!.n).toBe(0);
  });
});
