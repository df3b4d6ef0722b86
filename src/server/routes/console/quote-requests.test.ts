import { beforeEach, describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD } from '../../../shared/quote-request-schema';
import type { QuoteRequest, InboxStats, QuoteRequestNote } from '../../../shared/api/quote-requests';
import { RESPONSE_HOURS } from '../../../shared/constants';
import { loadConfig } from '../../config';
import { quoteRequests, users } from '../../db/schema';
import { createTestDatabase, testDatabases } from '#test/database';
import { createTestApp, testAppFor } from '#test/app';
import { createTestEstimate, reviseTestEstimate } from '#test/estimates';
import { validContact } from '#test/fixtures';
import { sessionCookie } from '#test/sign-in';
import { startSmtpServer } from '#test/smtp';

const json = { 'content-type': 'application/json' };

describe.each(testDatabases)('the staff inbox on %s', (kind) => {
  const t = testAppFor(kind, { env: { CONTACT_RATE_LIMIT_MAX: '1000' } });
  let staff: string;
  let customer: string;
  beforeEach(() => {
    staff = t.cookie('staff')!;
    customer = t.cookie('customerA')!;
  });

  const submit = (change: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/contact', headers: json, payload: JSON.stringify({ ...validContact, ...change }) });
  const list = (query = '', cookie = staff) => t.app.inject({ url: `/api/contact${query}`, headers: cookie ? { cookie } : {} });

  it('lets only staff in: 401 for anonymous callers and 403 for customers, on every endpoint', async () => {
    const { id } = (await submit()).json<{ id: string }>();
    const endpoints: Array<[string, string, unknown?]> = [
      ['GET', '/api/contact'],
      ['GET', '/api/contact/export.csv'],
      ['GET', '/api/admin/stats'],
      ['PATCH', `/api/contact/${id}`, { status: 'contacted' }],
      ['GET', `/api/contact/${id}/notes`],
      ['POST', `/api/contact/${id}/notes`, { body: 'Called, left a message' }],
    ];
    for (const [method, url, body] of endpoints) {
      const send = (cookie?: string) =>
        t.app.inject({
          method: method as 'GET',
          url,
          headers: { ...(body ? json : {}), ...(cookie ? { cookie } : {}) },
          payload: body ? JSON.stringify(body) : undefined,
        });
      expect((await send()).statusCode, `anonymous ${method} ${url}`).toBe(401);
      expect((await send(customer)).statusCode, `customer ${method} ${url}`).toBe(403);
      expect([200, 201], `staff ${method} ${url}`).toContain((await send(staff)).statusCode);
    }
  });

  it('lists submissions newest first with the fields of SPEC §3, and the total in a header', async () => {
    for (const name of ['Ann Older', 'Bob Middle', 'Cy Newest']) await submit({ name });
    const response = await list();
    expect(response.statusCode).toBe(200);
    const rows = response.json<QuoteRequest[]>();
    expect(rows.map((r) => r.name)).toEqual(['Cy Newest', 'Bob Middle', 'Ann Older']);
    expect(Object.keys(rows[0]!).sort()).toEqual([
      'customer',
      'email',
      'estimateCount',
      'id',
      'message',
      'name',
      'phone',
      'propertySize',
      'service',
      'status',
      'submittedAt',
      'urgency',
      'urgent',
    ]);
    expect(rows[0]).toMatchObject({
      customer: null,
      estimateCount: 0,
      email: validContact.email,
      phone: validContact.phone,
      service: validContact.service,
      status: 'new',
      urgent: false,
    });
    expect(response.headers['x-total-count']).toBe('3');
    expect(response.headers['x-next-cursor']).toBeUndefined();
  });

  it('counts the estimates written for a request, a draft included, each once whatever its versions', async () => {
    const { id } = (await submit({ name: 'Dana Ruiz' })).json<{ id: string }>();
    const count = async () => (await list('?status=all')).json<QuoteRequest[]>().find((row) => row.id === id)!.estimateCount;
    expect(await count()).toBe(0);
    const sent = await createTestEstimate(t.app.db, { quoteRequestId: id });
    await reviseTestEstimate(t.app.db, sent, { quoteRequestId: id });
    await createTestEstimate(t.app.db, { quoteRequestId: id, sent: false });
    expect(await count()).toBe(2);
    const one = await t.app.inject({ url: `/api/contact/${id}`, headers: { cookie: staff } });
    expect(one.json<QuoteRequest>().estimateCount).toBe(2);
  });

  it('pages with limit and cursor, never returning more than 200', async () => {
    const inserted = Array.from({ length: 7 }, (_, i) => ({
      name: `Person ${i}`,
      email: `p${i}@example.com`,
      service: 'Other',
      message: 'Please call me back.',
      consent: true,
      consentText: 'x',
      consentedAt: new Date(),
      submittedAt: new Date(Date.UTC(2026, 9, 1 + i)),
    }));
    await t.app.db.insert(quoteRequests).values(inserted);
    const first = await list('?limit=3');
    expect(first.json<QuoteRequest[]>().map((r) => r.name)).toEqual(['Person 6', 'Person 5', 'Person 4']);
    expect(first.headers['x-total-count']).toBe('7');
    const second = await list(`?limit=3&cursor=${first.headers['x-next-cursor']}`);
    expect(second.json<QuoteRequest[]>().map((r) => r.name)).toEqual(['Person 3', 'Person 2', 'Person 1']);
    const third = await list(`?limit=3&cursor=${second.headers['x-next-cursor']}`);
    expect(third.json<QuoteRequest[]>().map((r) => r.name)).toEqual(['Person 0']);
    expect(third.headers['x-next-cursor']).toBeUndefined();

    expect((await list('?limit=201')).statusCode).toBe(400);
    expect((await list('?limit=0')).json<{ message: string }>().message).toBe('limit must be at least 1');
    expect((await list('?cursor=garbage')).statusCode).toBe(400);
    // A cursor of the old shape (time and id, without the pinned flag) is refused, not misread.
    const oldShape = Buffer.from(`2026-10-04T00:00:00.000Z|${first.json<QuoteRequest[]>()[0]!.id}`).toString('base64url');
    expect((await list(`?cursor=${oldShape}`)).json<{ message: string }>().message).toBe('The cursor is not valid');
  });

  it('marks urgent requests and lists urgent new ones first, then newest first, page after page', async () => {
    const at = (hoursAgo: number, change: Partial<typeof quoteRequests.$inferInsert>) => ({
      name: 'Someone',
      email: 'someone@example.com',
      service: 'Parking Lot Cleaning',
      message: 'Please call me back about a quote.',
      consent: true,
      consentText: 'x',
      consentedAt: new Date(),
      submittedAt: new Date(Date.now() - hoursAgo * 3_600_000),
      ...change,
    });
    await t.app.db
      .insert(quoteRequests)
      .values([
        at(1, { name: 'Newest Plain' }),
        at(2, { name: 'Urgent Recent', urgent: true }),
        at(3, { name: 'Older Plain' }),
        at(50, { name: 'Urgent Old', urgent: true }),
        at(0.5, { name: 'Urgent Handled', urgent: true, status: 'contacted' }),
      ]);
    // Through the public form too: the "Emergency Cleanup" service and words such as "ASAP" make a request urgent.
    await submit({ name: 'Form Emergency', service: 'Emergency Cleanup', message: 'A semi spilled its load across our lot.' });
    await submit({ name: 'Form Plain', message: 'We would like a quote for weekly sweeping.' });
    await submit({ name: 'Form Asap', message: 'Broken glass by the entrance, please come ASAP.' });

    const order = [
      'Form Asap',
      'Form Emergency',
      'Urgent Recent',
      'Urgent Old',
      'Form Plain',
      'Urgent Handled',
      'Newest Plain',
      'Older Plain',
    ];
    const rows = (await list()).json<QuoteRequest[]>();
    expect(rows.map((r) => r.name)).toEqual(order);
    expect(Object.fromEntries(rows.map((r) => [r.name, r.urgent]))).toEqual({
      'Form Asap': true,
      'Form Emergency': true,
      'Urgent Recent': true,
      'Urgent Old': true,
      'Form Plain': false,
      'Urgent Handled': true,
      'Newest Plain': false,
      'Older Plain': false,
    });
    // Pages of three cross from the pinned rows to the others without losing or repeating one.
    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page.json<QuoteRequest[]>().map((r) => r.name));
      cursor = page.headers['x-next-cursor'] as string | undefined;
    } while (cursor);
    expect(paged).toEqual(order);
    // The status filter keeps the order; once handled, an urgent request takes its place by time.
    expect((await list('?status=new')).json<QuoteRequest[]>().map((r) => r.name)).toEqual(order.filter((n) => n !== 'Urgent Handled'));
    const formEmergency = rows.find((r) => r.name === 'Form Emergency')!;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/contact/${formEmergency.id}`,
      headers: { ...json, cookie: staff },
      payload: JSON.stringify({ status: 'contacted' }),
    });
    expect((await list()).json<QuoteRequest[]>().map((r) => r.name)).toEqual([
      'Form Asap',
      'Urgent Recent',
      'Urgent Old',
      'Form Plain',
      'Form Emergency',
      'Urgent Handled',
      'Newest Plain',
      'Older Plain',
    ]);
  });

  it('hides spam by default, filters by status and service, and searches name, email, phone and message', async () => {
    await submit({ name: 'Real Person' });
    await submit({ name: 'Spam Bot', [HONEYPOT_FIELD]: 'http://spam.example' });
    await submit({ name: 'Dana Dumpster', email: 'dana@oakcreek.example', phone: '262-555-0110', service: 'Dumpster & Waste Areas' });
    expect((await list()).json<QuoteRequest[]>().map((s) => s.name)).toEqual(['Dana Dumpster', 'Real Person']);
    expect((await list()).headers['x-total-count']).toBe('2');
    // One status control: a status, or "all" for every status with spam included.
    const all = await list('?status=all');
    expect(all.json<QuoteRequest[]>().map((s) => s.name)).toEqual(['Dana Dumpster', 'Spam Bot', 'Real Person']);
    expect(all.headers['x-total-count']).toBe('3');
    expect((await list('?status=spam')).json<QuoteRequest[]>().map((s) => s.name)).toEqual(['Spam Bot']);
    expect((await list('?status=spam')).headers['x-total-count']).toBe('1');
    expect((await list(`?service=${encodeURIComponent('Dumpster & Waste Areas')}`)).json<QuoteRequest[]>().map((s) => s.name)).toEqual([
      'Dana Dumpster',
    ]);
    for (const q of ['dana', 'OAKCREEK', '555-0110']) {
      expect(
        (await list(`?q=${encodeURIComponent(q)}`)).json<QuoteRequest[]>().map((s) => s.name),
        q,
      ).toEqual(['Dana Dumpster']);
    }
    expect((await list('?q=%25')).json<QuoteRequest[]>()).toEqual([]);
    expect((await list('?status=archived')).json<{ message: string }>().message).toBe(
      'status must be one of new, contacted, quoted, won, lost, spam or all',
    );
    expect((await list('?overdue=maybe')).json<{ message: string }>().message).toBe('overdue must be true or false');
  });

  it('searches the message too, in any case, with an exact count, and combines the search with the filters', async () => {
    await submit({ name: 'Pat Ruiz', message: 'Our office park on Bluemound Road in Brookfield needs litter pickup.' });
    await submit({ name: 'Lee Novak', message: 'Weekly sweeping for a strip mall in BROOKFIELD, please.', service: 'Other' });
    await submit({ name: 'Kim Brook', message: 'A parking lot in Wauwatosa needs sweeping.' });
    await submit({ name: 'Spam Brookfield', message: 'Cheap pills in Brookfield, visit now', [HONEYPOT_FIELD]: 'x' });
    const search = async (query: string) => {
      const response = await list(query);
      expect(response.statusCode, query).toBe(200);
      return { names: response.json<QuoteRequest[]>().map((r) => r.name), total: response.headers['x-total-count'] };
    };
    expect(await search('?q=brookfield')).toEqual({ names: ['Lee Novak', 'Pat Ruiz'], total: '2' });
    expect(await search('?q=Bluemound%20Road')).toEqual({ names: ['Pat Ruiz'], total: '1' });
    expect(await search('?q=brook')).toEqual({ names: ['Kim Brook', 'Lee Novak', 'Pat Ruiz'], total: '3' });
    expect(await search('?q=brookfield&status=all')).toEqual({ names: ['Spam Brookfield', 'Lee Novak', 'Pat Ruiz'], total: '3' });
    expect(await search('?q=brookfield&service=Other')).toEqual({ names: ['Lee Novak'], total: '1' });
    expect(await search('?q=brookfield&status=won')).toEqual({ names: [], total: '0' });
    expect(await search('?q=menomonee')).toEqual({ names: [], total: '0' });
  });

  it('changes a status and keeps notes with author and time', async () => {
    const { id } = (await submit()).json<{ id: string }>();
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/contact/${id}`,
      headers: { ...json, cookie: staff },
      payload: JSON.stringify({ status: 'quoted' }),
    });
    expect(patch.json<QuoteRequest>().status).toBe('quoted');
    expect((await list('?status=quoted')).json<QuoteRequest[]>()).toHaveLength(1);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/contact/${id}`,
      headers: { ...json, cookie: staff },
      payload: JSON.stringify({ status: 'maybe' }),
    });
    expect(bad.statusCode).toBe(400);

    const note = await t.app.inject({
      method: 'POST',
      url: `/api/contact/${id}/notes`,
      headers: { ...json, cookie: staff },
      payload: JSON.stringify({ body: '  Walked the lot; quote sent.  ' }),
    });
    expect(note.statusCode).toBe(201);
    const notes = (await t.app.inject({ url: `/api/contact/${id}/notes`, headers: { cookie: staff } })).json<QuoteRequestNote[]>();
    expect(notes).toEqual([
      { id: expect.any(String), body: 'Walked the lot; quote sent.', createdAt: expect.any(String), author: 'Sam Staff' },
    ]);
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/contact/${id}/notes`,
      headers: { ...json, cookie: staff },
      payload: JSON.stringify({ body: '   ' }),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'Write a note first', errors: { body: 'Write a note first' } });
  });

  it('exports the search and the overdue filter as the list shows them', async () => {
    await submit({ name: 'In Brookfield', message: 'Our lot in Brookfield needs a spring cleanup.' });
    await submit({ name: 'In Waukesha', message: 'Our lot in Waukesha needs a spring cleanup.' });
    const csv = async (query: string) =>
      (await t.app.inject({ url: `/api/contact/export.csv${query}`, headers: { cookie: staff } })).body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1);
    expect(await csv('?q=brookfield')).toEqual([expect.stringContaining('"In Brookfield"')]);
    expect(await csv('?overdue=true')).toEqual([]);
  });

  it('exports the filtered list as CSV, defusing formulas, with Central times, the status and the notes', async () => {
    const { id } = (
      await submit({ name: 'Keep Me', service: 'Emergency Cleanup', message: '=HYPERLINK("http://evil") please, "quoted"' })
    ).json<{ id: string }>();
    await submit({ name: 'Leave Me Out', service: 'Other' });
    for (const body of ['Called back', 'Visit booked for Tuesday']) {
      await t.app.inject({
        method: 'POST',
        url: `/api/contact/${id}/notes`,
        headers: { ...json, cookie: staff },
        payload: JSON.stringify({ body }),
      });
    }
    await t.app.inject({
      method: 'PATCH',
      url: `/api/contact/${id}`,
      headers: { ...json, cookie: staff },
      payload: JSON.stringify({ status: 'quoted' }),
    });
    const response = await t.app.inject({
      url: `/api/contact/export.csv?service=${encodeURIComponent('Emergency Cleanup')}`,
      headers: { cookie: staff },
    });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="quote-requests-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"Submitted","Status","Name","Email","Phone","Service","Property size","Urgency","Message","Notes"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Keep Me"');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"") please, ""quoted"""`);
    // Central time with its offset (CST or CDT), the status as it is now, and the notes oldest first in one cell.
    expect(lines[1]).toMatch(/^"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} -0[56]:00","quoted",/);
    expect(lines[1]).toMatch(
      /,"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} -0[56]:00 Sam Staff: Called back\n[^"]* Sam Staff: Visit booked for Tuesday"$/,
    );
  });

  it('streams every matching request, past a thousand, with no cap, while the list counts a search only to 200', async () => {
    const now = Date.now();
    await t.app.db.insert(quoteRequests).values(
      Array.from({ length: 2_345 }, (_, i) => ({
        ...validContact,
        name: `Bulk ${i}`,
        consentText: 'test',
        consentedAt: new Date(now),
        submittedAt: new Date(now - i * 1000),
      })),
    );
    // The list's search counts to 200 and then says "more"; a filter without a search stays exact.
    const searched = await list('?q=bulk&limit=5');
    expect(searched.headers['x-total-count']).toBe('200');
    expect(searched.headers['x-total-count-capped']).toBe('true');
    expect(searched.json<QuoteRequest[]>().map((r) => r.name)).toEqual(['Bulk 0', 'Bulk 1', 'Bulk 2', 'Bulk 3', 'Bulk 4']);
    const unsearched = await list('?limit=5');
    expect(unsearched.headers['x-total-count']).toBe('2345');
    expect(unsearched.headers['x-total-count-capped']).toBeUndefined();
    const narrow = await list('?q=bulk%202344');
    expect([narrow.headers['x-total-count'], narrow.headers['x-total-count-capped']]).toEqual(['1', undefined]);

    const response = await t.app.inject({ url: '/api/contact/export.csv', headers: { cookie: staff } });
    const rows = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    expect(rows).toHaveLength(2_345);
    expect(rows[0]).toContain('"Bulk 0"');
    expect(rows.at(-1)).toContain('"Bulk 2344"');
    expect(new Set(rows).size).toBe(2_345);
  });
});

describe.each(testDatabases)('overdue requests on %s', (kind) => {
  // A promise of 4 hours, so the test shows the setting is read (the default is 24).
  const t = testAppFor(kind, { env: { CALLBACK_PROMISE_HOURS: '4' } });
  const at = (hoursAgo: number, name: string, change: Partial<typeof quoteRequests.$inferInsert> = {}) => ({
    name,
    email: 'someone@example.com',
    service: 'Parking Lot Cleaning',
    message: 'Please call me back about a quote.',
    consent: true,
    consentText: 'x',
    consentedAt: new Date(),
    submittedAt: new Date(Date.now() - hoursAgo * 3_600_000),
    ...change,
  });

  it('counts the new requests waiting past the promised callback, with the oldest wait, and lists them', async () => {
    const staff = t.as('staff');
    const empty = (await t.app.inject({ url: '/api/admin/stats', headers: staff })).json<InboxStats>();
    expect(empty.overdue).toEqual({ promiseHours: 4, count: 0, oldestSubmittedAt: null });
    const oldest = new Date(Date.now() - 30 * 3_600_000);
    await t.app.db
      .insert(quoteRequests)
      .values([
        at(1, 'Waiting 1 h'),
        at(3.9, 'Waiting 3.9 h'),
        at(5, 'Waiting 5 h'),
        at(6, 'Urgent 6 h', { urgent: true }),
        { ...at(0, 'Waiting 30 h'), submittedAt: oldest },
        at(40, 'Called 40 h', { status: 'contacted' }),
        at(50, 'Spam 50 h', { status: 'spam', isSpam: true }),
      ]);
    const stats = (await t.app.inject({ url: '/api/admin/stats', headers: staff })).json<InboxStats>();
    expect(stats.newCount).toBe(5);
    expect(stats.urgentNewCount).toBe(1);
    expect(stats.overdue).toEqual({ promiseHours: 4, count: 3, oldestSubmittedAt: oldest.toISOString() });

    const response = await t.app.inject({ url: '/api/contact?overdue=true', headers: staff });
    expect(response.json<QuoteRequest[]>().map((r) => r.name)).toEqual(['Urgent 6 h', 'Waiting 5 h', 'Waiting 30 h']);
    expect(response.headers['x-total-count']).toBe('3');
    const narrowed = await t.app.inject({ url: '/api/contact?overdue=true&q=waiting&limit=1', headers: staff });
    expect(narrowed.json<QuoteRequest[]>().map((r) => r.name)).toEqual(['Waiting 5 h']);
    expect(narrowed.headers['x-total-count']).toBe('2');
    const next = await t.app.inject({
      url: `/api/contact?overdue=true&q=waiting&cursor=${narrowed.headers['x-next-cursor']}`,
      headers: staff,
    });
    expect(next.json<QuoteRequest[]>().map((r) => r.name)).toEqual(['Waiting 30 h']);
    expect((await t.app.inject({ url: '/api/contact?overdue=false', headers: staff })).headers['x-total-count']).toBe('6');
    // Called back: no longer overdue.
    const waiting5 = response.json<QuoteRequest[]>()[1]!;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/contact/${waiting5.id}`,
      headers: { ...json, ...staff },
      payload: JSON.stringify({ status: 'contacted' }),
    });
    expect((await t.app.inject({ url: '/api/admin/stats', headers: staff })).json<InboxStats>().overdue.count).toBe(2);
  });

  it('promises 24 hours unless CALLBACK_PROMISE_HOURS says otherwise, and refuses a promise that is not whole hours', () => {
    expect(loadConfig({}).callbackPromiseHours).toBe(RESPONSE_HOURS);
    expect(RESPONSE_HOURS).toBe(24);
    expect(loadConfig({ CALLBACK_PROMISE_HOURS: '8' }).callbackPromiseHours).toBe(8);
    expect(() => loadConfig({ CALLBACK_PROMISE_HOURS: '0' })).toThrow(
      'CALLBACK_PROMISE_HOURS must be a whole number of at least 1, got "0"',
    );
    expect(() => loadConfig({ CALLBACK_PROMISE_HOURS: '1.5' })).toThrow(/CALLBACK_PROMISE_HOURS/);
  });
});

describe('new request notification', () => {
  it('e-mails staff every field with Reply-To set to the requester, through real SMTP; spam is not announced', async () => {
    const smtp = await startSmtpServer();
    const database = await createTestDatabase('pglite');
    const app = await createTestApp(database, {}, { SMTP_URL: smtp.url, APP_URL: 'https://lakeshorelotcare.com' });
    try {
      await app.db.insert(users).values([
        { email: 'crew@lakeshorelotcare.com', role: 'owner', firstName: 'Sam' },
        { email: 'owner@lakeshorelotcare.com', role: 'office', firstName: 'Jo' },
      ]);
      const response = await app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: json,
        payload: JSON.stringify({ ...validContact, propertySize: '2 acres', urgency: 'This week' }),
      });
      expect(response.statusCode).toBe(201);
      for (const to of ['crew@lakeshorelotcare.com', 'owner@lakeshorelotcare.com']) {
        const mail = await smtp.nextMailTo(to);
        expect(mail.raw).toMatch(/^Reply-To: jane@southridgeplaza\.com/m);
        for (const value of [
          validContact.name,
          validContact.email,
          validContact.phone,
          validContact.service,
          validContact.message,
          '2 acres',
          'This week',
          'https://lakeshorelotcare.com/admin/submissions',
        ]) {
          expect(mail.decoded, value).toContain(value);
        }
      }
      await app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: json,
        payload: JSON.stringify({ ...validContact, [HONEYPOT_FIELD]: 'x' }),
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.received).toEqual([]);
    } finally {
      await app.close();
      await database.drop();
      await smtp.close();
    }
  });

  it('goes to STAFF_NOTIFY_EMAIL when it is set', async () => {
    const smtp = await startSmtpServer();
    const database = await createTestDatabase('pglite');
    const app = await createTestApp(
      database,
      {},
      { SMTP_URL: smtp.url, STAFF_NOTIFY_EMAIL: 'quotes@lakeshorelotcare.com, owner@lakeshorelotcare.com' },
    );
    try {
      await app.inject({ method: 'POST', url: '/api/contact', headers: json, payload: JSON.stringify(validContact) });
      await smtp.nextMailTo('quotes@lakeshorelotcare.com');
      await smtp.nextMailTo('owner@lakeshorelotcare.com');
    } finally {
      await app.close();
      await database.drop();
      await smtp.close();
    }
  });
});

describe('inbox statistics', () => {
  it('counts requests per week for the last 12 weeks by status, and the new ones', async () => {
    const database = await createTestDatabase('pglite');
    const app = await createTestApp(database);
    try {
      await app.db.insert(users).values({ email: 'crew@lakeshorelotcare.com', role: 'owner' });
      const staff = await sessionCookie(app, 'crew@lakeshorelotcare.com');
      const at = (daysAgo: number, status: 'new' | 'won' | 'spam') => ({
        name: 'Someone',
        email: 'someone@example.com',
        service: 'Other',
        message: 'Please call me back.',
        consent: true,
        consentText: 'x',
        consentedAt: new Date(),
        status,
        submittedAt: new Date(Date.now() - daysAgo * 86_400_000 - 60_000),
      });
      await app.db.insert(quoteRequests).values([at(0, 'new'), at(0, 'new'), at(0, 'spam'), at(21, 'won'), at(140, 'new')]);
      const response = await app.inject({ url: '/api/admin/stats', headers: { cookie: staff } });
      expect(response.statusCode).toBe(200);
      const stats = response.json<InboxStats>();
      expect(stats.weeks).toHaveLength(12);
      expect(stats.weeks.at(-1)!.counts).toMatchObject({ new: 2, spam: 1, won: 0 });
      expect(stats.weeks.at(-4)!.counts).toMatchObject({ won: 1 });
      expect(stats.weeks.reduce((sum, week) => sum + Object.values(week.counts).reduce((a, b) => a + b, 0), 0)).toBe(4);
      expect(stats.newCount).toBe(3);
      // The default promise of 24 hours: the request from 140 days ago waits past it.
      expect(stats.overdue).toMatchObject({ promiseHours: 24, count: 1 });
      expect(new Date(`${stats.weeks[0]!.weekStart}T12:00:00Z`).getUTCDay()).toBe(1);
      expect((await app.inject({ url: '/api/admin/stats' })).statusCode).toBe(401);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
