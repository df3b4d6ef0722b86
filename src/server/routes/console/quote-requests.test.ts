import { beforeEach, describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD } from '../../../shared/quote-request-schema';
import type { QuoteRequest, InboxStats, QuoteRequestNote } from '../../../shared/api/quote-requests';
import { quoteRequests, users } from '../../db/schema';
import { createTestDatabase, testDatabases } from '#test/database';
import { createTestApp, testAppFor } from '#test/app';
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
      'email',
      'id',
      'message',
      'name',
      'phone',
      'propertySize',
      'service',
      'status',
      'submittedAt',
      'urgency',
    ]);
    expect(rows[0]).toMatchObject({ email: validContact.email, phone: validContact.phone, service: validContact.service, status: 'new' });
    expect(response.headers['x-total-count']).toBe('3');
    expect(response.headers['x-next-cursor']).toBeUndefined();
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
  });

  it('hides spam by default, filters by status and service, and searches name, email and phone', async () => {
    await submit({ name: 'Real Person' });
    await submit({ name: 'Spam Bot', [HONEYPOT_FIELD]: 'http://spam.example' });
    await submit({ name: 'Dana Dumpster', email: 'dana@oakcreek.example', phone: '262-555-0110', service: 'Dumpster & Waste Areas' });
    expect((await list()).json<QuoteRequest[]>().map((s) => s.name)).toEqual(['Dana Dumpster', 'Real Person']);
    expect((await list('?includeSpam=true')).json<QuoteRequest[]>()).toHaveLength(3);
    expect((await list('?status=spam')).json<QuoteRequest[]>().map((s) => s.name)).toEqual(['Spam Bot']);
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
    expect((await list('?status=archived')).statusCode).toBe(400);
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

  it('streams every matching request, past a thousand, with no cap', async () => {
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
      expect(new Date(`${stats.weeks[0]!.weekStart}T12:00:00Z`).getUTCDay()).toBe(1);
      expect((await app.inject({ url: '/api/admin/stats' })).statusCode).toBe(401);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
