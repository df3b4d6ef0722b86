import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../../server/app';
import { users } from '../../../../server/db/schema';
import { prepareInvoices } from '../../../../server/modules/billing';
import { APPROVAL_BATCH, approveInBatches } from './invoices';
import { createTestApp } from '#test/app';
import { addVisit, billingCustomer } from '#test/billing';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { sessionCookie } from '#test/sign-in';

/*
 * "Approve and send all" sends a month's drafts in parts (each draft is numbered and its PDF drawn,
 * so hundreds in one request would outlast a request's time). Against the real server, signed in as
 * an owner: 30 drafts go in two requests of 25 and 5, the progress is heard after each, and the
 * answers add up to 30 invoices sent with 30 different numbers.
 */

const DRAFTS = 30;
let database: TestDatabase;
let app: App;
const realFetch = globalThis.fetch;
const posts: number[] = [];

beforeAll(async () => {
  database = await createTestDatabase('pglite');
  app = await createTestApp(database);
  await app.db.insert(users).values({ email: 'owner@lakeshorelotcare.com', firstName: 'Sam', lastName: 'Nowak', role: 'owner' });
  const cookie = await sessionCookie(app, 'owner@lakeshorelotcare.com');
  for (let n = 0; n < DRAFTS; n++) {
    const customer = await billingCustomer(app.db, {
      name: `Menomonee Falls Plaza ${n}`,
      startDate: '2026-10-01',
      lines: [{ name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=MO' }],
    });
    await addVisit(app.db, customer.lines.get('Parking Lot Cleaning@0')!, '2026-10-05');
  }
  await prepareInvoices(app.db, { start: '2026-10-01', end: '2026-10-31' });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  // Relative URLs resolve against the server, with the owner's session, as in the console.
  globalThis.fetch = (input, init) => {
    if (init?.method === 'POST') posts.push(JSON.parse(String(init.body)).ids.length);
    return realFetch(new URL(String(input), address), { ...init, headers: { ...init?.headers, cookie } });
  };
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await app.close();
  await database.drop();
});

describe('approveInBatches', () => {
  it(`sends ${DRAFTS} drafts in parts of ${APPROVAL_BATCH}, telling the progress, and adds up the answers`, async () => {
    const ids = (await app.db.query.invoices.findMany({ columns: { id: true } })).map((invoice) => invoice.id);
    expect(ids).toHaveLength(DRAFTS);
    const progress: number[] = [];
    const answer = await approveInBatches(ids, (done) => progress.push(done));
    expect(posts).toEqual([25, 5]);
    expect(progress).toEqual([25, 30]);
    expect(answer.refused).toEqual([]);
    expect(answer.alreadySent).toEqual([]);
    expect(answer.sent).toHaveLength(DRAFTS);
    expect(new Set(answer.sent.map((sent) => sent.number)).size).toBe(DRAFTS);
    expect(new Set(answer.sent.map((sent) => sent.id))).toEqual(new Set(ids));
  });
});
