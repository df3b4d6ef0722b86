import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { auditEvents, quoteRequests, users } from '../../db/schema';
import { localToday } from '../../../shared/local-dates';
import { createTestVisit } from '#test/visits';
import { multipart } from '#test/multipart';
import { makeJpeg } from '#test/fixtures';
import { purgeOldAuditEvents, recordRefusedRequest } from '../../modules/audit/audit-log';
import { hasWordsFor } from '../../modules/audit/audit-words';
import { createSignInLink } from '../../modules/accounts/sign-in-links';
import type { AuditEvent } from '../../../shared/api/audit';
import { createTestApp, testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { signInAs } from '#test/sign-in';

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15';

describe.each(testDatabases)('the audit log on %s', (kind) => {
  const t = testAppFor(kind);
  const staffId = async () => (await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, t.fixture.staffEmail)))[0]!.id;
  const events = async (query = '') => {
    const response = await t.app.inject({ url: `/api/admin/audit-events${query}`, headers: t.as('staff') });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ events: AuditEvent[]; nextBefore: number | null }>().events;
  };
  const newQuoteRequest = async () => {
    const now = new Date();
    const [row] = await t.app.db
      .insert(quoteRequests)
      .values({
        name: 'Jane Kowalski',
        email: 'jane@southridgeplaza.com',
        phone: '',
        service: 'Parking Lot Cleaning',
        message: 'Our lot in Greenfield needs help.',
        consent: true,
        consentText: 'I agree to be contacted regarding my quote request',
        consentedAt: now,
        submittedAt: now,
      })
      .returning({ id: quoteRequests.id });
    return row!.id;
  };

  it('records a staff status change with its actor, IP, browser, action and target, and names personal fields without copying them', async () => {
    const id = await newQuoteRequest();
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/contact/${id}`,
      headers: { ...t.as('staff'), 'user-agent': BROWSER },
      remoteAddress: '203.0.113.7',
      payload: { status: 'contacted' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [event] = await events('?kind=write');
    expect(event).toMatchObject({
      kind: 'write',
      actor: { id: await staffId(), role: 'owner' },
      ip: '203.0.113.7',
      userAgent: BROWSER,
      action: 'PATCH /api/contact/:id',
      targetType: 'contact',
      targetId: id,
      outcome: 'ok',
      statusCode: 200,
      summary: 'status=contacted',
    });

    // A note is personal: the event names the field, never its words.
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/contact/${id}/notes`,
      headers: t.as('staff'),
      payload: { body: 'Called Jane at 414-555-0199, she wants Tuesdays.' },
    });
    expect(note.statusCode, note.body).toBe(201);
    const [noted] = await events('?kind=write');
    expect(noted!.action).toBe('POST /api/contact/:id/notes');
    expect(noted!.summary).toBe('body');
    const everything = JSON.stringify(await t.app.db.select().from(auditEvents));
    expect(everything).not.toContain('414-555-0199');
    expect(everything).not.toContain('jane@southridgeplaza.com');
  });

  it('records exports with their actor and IP before they are sent, the audit log’s own CSV included', async () => {
    await newQuoteRequest();
    const csv = await t.app.inject({ url: '/api/contact/export.csv?status=new', headers: t.as('staff'), remoteAddress: '198.51.100.23' });
    expect(csv.statusCode).toBe(200);
    const [exported] = await events('?kind=export');
    expect(exported).toMatchObject({
      kind: 'export',
      action: 'GET /api/contact/export.csv',
      ip: '198.51.100.23',
      actor: { id: await staffId() },
      summary: 'status=new',
    });

    const auditCsv = await t.app.inject({ url: '/api/admin/audit-events.csv?kind=export', headers: t.as('staff') });
    expect(auditCsv.statusCode).toBe(200);
    expect(auditCsv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = auditCsv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('"Time (Central)","Time (UTC)","Person"');
    // Recorded before its first byte left, the log's own export is its newest line.
    expect(lines[1]).toContain('"GET /api/admin/audit-events.csv"');
    expect(lines[2]).toContain('"GET /api/contact/export.csv"');
    expect(lines[2]).toContain('"198.51.100.23"');
    const [itself] = await events('?kind=export');
    expect(itself!.action).toBe('GET /api/admin/audit-events.csv');
  });

  it('records permission refusals, keeps customers’ own writes out, and lets only owners read the log', async () => {
    const office = await signInAs(t.app, 'office');
    const refused = await t.app.inject({ url: '/api/admin/audit-events', headers: { cookie: office.cookie }, remoteAddress: '192.0.2.44' });
    expect(refused.statusCode).toBe(403);
    const crew = await signInAs(t.app, 'crew');
    expect((await t.app.inject({ url: '/api/admin/customers', headers: { cookie: crew.cookie } })).statusCode).toBe(403);
    await t.app.inject({ method: 'PUT', url: '/api/account/report-emails', headers: t.as('customerA'), payload: { frequency: 'none' } });

    const refusals = await events('?kind=refused');
    expect(refusals.map((event) => [event.actor?.id, event.action, event.outcome])).toEqual([
      [crew.userId, 'GET /api/admin/customers', 'refused'],
      [office.userId, 'GET /api/admin/audit-events', 'refused'],
    ]);
    expect(refusals[1]!.ip).toBe('192.0.2.44');
    expect((await events()).filter((event) => event.actor?.role === 'customer')).toEqual([]);
  });

  it('puts each event in words, with the names of who and what, and links to the console page of what was acted on', async () => {
    const crew = await signInAs(t.app, 'crew');
    await t.app.db.update(users).set({ firstName: 'Jada', lastName: 'Reyes' }).where(eq(users.id, crew.userId));
    const { propertyId, id: customerId } = t.fixture.customerA;
    const today = localToday();
    const visit = await createTestVisit(t.app.db, { propertyId, crewUserIds: [crew.userId], checklist: ['Sweep lot', 'Empty bins'] });
    const crewHeaders = { cookie: crew.cookie, 'idempotency-key': randomUUID() };
    const at = new Date().toISOString();
    const tick = await t.app.inject({
      method: 'PUT',
      url: `/api/crew/visits/${visit.id}/checklist/0`,
      headers: crewHeaders,
      payload: { done: true, at },
    });
    expect(tick.statusCode, tick.body).toBe(200);
    const untick = await t.app.inject({
      method: 'PUT',
      url: `/api/crew/visits/${visit.id}/checklist/1`,
      headers: { ...crewHeaders, 'idempotency-key': randomUUID() },
      payload: { done: false, at },
    });
    expect(untick.statusCode, untick.body).toBe(200);
    const photo = multipart({ kind: 'before', at }, { name: 'lot.jpg', type: 'image/jpeg', data: await makeJpeg({ color: '#556677' }) });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/crew/visits/${visit.id}/photos`,
      headers: { ...photo.headers, cookie: crew.cookie, 'idempotency-key': randomUUID() },
      payload: photo.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/customers/${customerId}`,
      headers: t.as('staff'),
      payload: { name: 'Southridge Plaza LLC', email: 'office-a@example.com' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const request = await newQuoteRequest();
    await t.app.inject({ method: 'PATCH', url: `/api/contact/${request}`, headers: t.as('staff'), payload: { status: 'won' } });
    const refused = await t.app.inject({ url: '/api/admin/customers', headers: { cookie: crew.cookie } });
    expect(refused.statusCode).toBe(403);
    // A kind this release has no words for (a newer release's, say) still reads as a sentence.
    await t.app.db.insert(auditEvents).values({
      kind: 'refusals_counted' as 'write',
      ip: '203.0.113.9',
      action: 'same-origin.refusals',
      outcome: 'refused',
      summary: '12 refused in 10 minutes',
    });

    const day = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(
      new Date(`${today}T12:00:00Z`),
    );
    const visitWords = `the visit to Plaza A, ${day}`;
    const listed = await events();
    expect(listed.map((event) => event.words)).toEqual([
      { text: 'Someone not signed in: Refusals counted, same-origin.refusals (12 refused in 10 minutes)', link: null },
      { text: 'Jada Reyes was refused access to the customers by the role’s permissions', link: null },
      {
        text: 'Sam Staff moved the quote request from Jane Kowalski to “won”',
        link: { href: '/admin/submissions?q=jane%40southridgeplaza.com', text: 'the quote request from Jane Kowalski' },
      },
      {
        text: 'Sam Staff changed the details of Southridge Plaza LLC',
        link: { href: `/admin/customers/${customerId}`, text: 'Southridge Plaza LLC' },
      },
      { text: `Jada Reyes added a before photo to ${visitWords}`, link: { href: `/admin/visits/${visit.id}`, text: visitWords } },
      { text: `Jada Reyes unticked “Empty bins” on ${visitWords}`, link: { href: `/admin/visits/${visit.id}`, text: visitWords } },
      { text: `Jada Reyes ticked “Sweep lot” on ${visitWords}`, link: { href: `/admin/visits/${visit.id}`, text: visitWords } },
    ]);
    // The stored rows are as they were: the route and the id, no names.
    const [stored] = await t.app.db.select().from(auditEvents).where(eq(auditEvents.targetId, customerId));
    expect(stored).toMatchObject({
      action: 'PATCH /api/admin/customers/:id',
      targetType: 'customers',
      summary: expect.not.stringContaining('Southridge'),
    });

    // The CSV reads the same, with the link in full.
    const csv = await t.app.inject({ url: '/api/admin/audit-events.csv', headers: t.as('staff') });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('"Time (Central)","Time (UTC)","Person","What happened","Link"');
    expect(csv.body).toContain(`"Jada Reyes ticked “Sweep lot” on ${visitWords}","${t.app.config.appUrl.origin}/admin/visits/${visit.id}"`);
  });

  it('has words for every write staff and crews can make, and every audited export', () => {
    const audited = t.app.routeCatalog.filter((route) => {
      const config = (route.config ?? {}) as { audience?: string; audit?: string; permission?: { action: string } };
      const methods = [route.method].flat();
      const writes = methods.some((method) => !['GET', 'HEAD', 'OPTIONS'].includes(method));
      const staffAudience = config.audience === 'console' || config.audience === 'crew';
      return (staffAudience && writes) || config.audit === 'export' || config.permission?.action === 'export';
    });
    expect(audited.length).toBeGreaterThan(30);
    const missing = audited
      .flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`))
      .filter((action) => !action.startsWith('HEAD ') && !hasWordsFor(action));
    expect(missing).toEqual([]);
  });

  it('keeps cross-site and signed-out refusals apart from permission refusals: one event per IP and minute, with a count', async () => {
    const crossSite = (ip: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/customers',
        headers: { 'sec-fetch-site': 'cross-site', 'user-agent': BROWSER, ...headers },
        remoteAddress: ip,
        payload: { name: 'Spam Co', email: 'spam@example.com' },
      });
    for (let i = 0; i < 50; i++) expect((await crossSite('198.51.100.9')).statusCode).toBe(403);
    // Another address has its own; a staff member's cookie sent from another site is no permission refusal either.
    expect((await crossSite('198.51.100.10')).statusCode).toBe(403);
    expect((await crossSite('198.51.100.10', t.as('staff'))).statusCode).toBe(403);

    const rows = await t.app.db.select().from(auditEvents).orderBy(auditEvents.id);
    expect(rows.filter((row) => row.kind === 'refused')).toEqual([]);
    const first = rows.filter((row) => row.ip === '198.51.100.9');
    // 50 in a row: one event, or two when a minute ended among them.
    expect(first.length).toBeGreaterThanOrEqual(1);
    expect(first.length).toBeLessThanOrEqual(2);
    expect(first.reduce((sum, row) => sum + row.count, 0)).toBe(50);
    expect(first[0]).toMatchObject({
      kind: 'refused_anonymous',
      actorId: null,
      userAgent: BROWSER,
      action: 'POST /api/admin/customers',
      outcome: 'refused',
      statusCode: 403,
    });
    expect(first[0]!.at.getUTCSeconds()).toBe(0);
    const second = rows.filter((row) => row.ip === '198.51.100.10');
    expect(second.map((row) => row.count).reduce((sum, count) => sum + count, 0)).toBe(2);
    // Owners see them, counted, under their own kind.
    const [shown] = await events('?kind=refused_anonymous');
    expect(shown!.summary).toMatch(/^\d+ requests? refused in this minute, from another site or with no session; the first is shown$/);
    expect(shown!.words).toEqual({
      text: expect.stringMatching(
        /^A request from another site or with no session was refused a change to the customers \(\d+ requests? refused in this minute, from another site or with no session; the first is shown\)$/,
      ),
      link: null,
    });
  });

  it('counts the same minute’s refusals in one event when two instances take them at once', async () => {
    const other = await createTestApp(t.database);
    try {
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 ? other : t.app).inject({
            method: 'DELETE',
            url: `/api/admin/photos/${t.fixture.customerA.photoId}`,
            headers: { origin: 'https://evil.example' },
            remoteAddress: '198.51.100.20',
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(40).fill(403));
    } finally {
      await other.close();
    }
    const rows = await t.app.db.select().from(auditEvents).where(eq(auditEvents.ip, '198.51.100.20'));
    expect(rows.length).toBeLessThanOrEqual(2);
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(40);
  });

  it('cuts every recorded value from a request to its length, the target id included', async () => {
    await recordRefusedRequest(
      t.app.db,
      { ip: '198.51.100.11', userAgent: 'u'.repeat(5_000) },
      {
        action: `POST /${'a'.repeat(5_000)}`,
        outcome: 'refused',
        statusCode: 403,
        targetType: 't'.repeat(5_000),
        targetId: 'x'.repeat(5_000),
      },
    );
    const [row] = await t.app.db.select().from(auditEvents).where(eq(auditEvents.ip, '198.51.100.11'));
    expect([row!.userAgent.length, row!.action.length, row!.targetType!.length, row!.targetId!.length]).toEqual([300, 200, 100, 100]);
  });

  it('filters by person, kind and Central dates, and pages by 100', async () => {
    const office = await signInAs(t.app, 'office');
    const id = await newQuoteRequest();
    await t.app.inject({ method: 'PATCH', url: `/api/contact/${id}`, headers: { cookie: office.cookie }, payload: { status: 'quoted' } });
    await t.app.inject({ method: 'PATCH', url: `/api/contact/${id}`, headers: t.as('staff'), payload: { status: 'won' } });
    expect((await events(`?actorId=${office.userId}`)).map((event) => event.summary)).toEqual(['status=quoted']);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
    expect(await events(`?from=${today}&to=${today}&kind=write`)).toHaveLength(2);
    expect(await events('?from=2020-01-01&to=2020-01-31')).toEqual([]);
    const wrong = await t.app.inject({ url: '/api/admin/audit-events?kind=delete', headers: t.as('staff') });
    expect(wrong.statusCode).toBe(400);
    const people = await t.app.inject({ url: '/api/admin/audit-events/people', headers: t.as('staff') });
    expect(
      people
        .json<Array<{ id: string }>>()
        .map((person) => person.id)
        .sort(),
    ).toEqual([office.userId, await staffId()].sort());

    await t.app.db.insert(auditEvents).values(
      Array.from({ length: 120 }, (_, i) => ({
        kind: 'write' as const,
        ip: '127.0.0.1',
        action: `POST /probe/${i}`,
        outcome: 'ok' as const,
      })),
    );
    const first = await t.app.inject({ url: '/api/admin/audit-events', headers: t.as('staff') });
    const page = first.json<{ events: AuditEvent[]; nextBefore: number }>();
    expect(page.events).toHaveLength(100);
    const second = await t.app.inject({ url: `/api/admin/audit-events?before=${page.nextBefore}`, headers: t.as('staff') });
    expect(second.json<{ events: AuditEvent[] }>().events.length).toBeGreaterThan(20);
  });

  it('records staff sign-ins and sign-outs with who and where, and failed sign-ins with where and why', async () => {
    const [staff] = await t.app.db.select().from(users).where(eq(users.email, t.fixture.staffEmail));
    const link = await createSignInLink(t.app.db, t.app.config.appUrl, staff!.id, '/admin');
    const token = new URL(link).searchParams.get('token')!;
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { token: 'x'.repeat(43) },
      remoteAddress: '192.0.2.99',
    });
    expect(failed.statusCode).toBe(400);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { token, email: t.fixture.staffEmail },
      headers: { 'user-agent': BROWSER },
      remoteAddress: '203.0.113.50',
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = signedIn.cookies.find((c) => c.name === t.app.sessionCookieName)!;
    const out = await t.app.inject({
      url: '/api/logout',
      headers: { cookie: `${cookie.name}=${cookie.value}`, 'sec-fetch-site': 'same-origin' },
    });
    expect(out.statusCode).toBe(302);

    const [signOut, signIn, refused] = (await events()).filter((event) => event.kind.startsWith('sign_'));
    expect(refused).toMatchObject({
      kind: 'sign_in_failed',
      actor: null,
      ip: '192.0.2.99',
      outcome: 'refused',
      summary: 'problem=invalid',
    });
    expect(signIn).toMatchObject({
      kind: 'sign_in',
      actor: { id: staff!.id, role: 'owner' },
      ip: '203.0.113.50',
      userAgent: BROWSER,
      outcome: 'ok',
    });
    expect(signOut).toMatchObject({ kind: 'sign_out', actor: { id: staff!.id } });
    expect([signOut, signIn, refused].map((event) => event!.words.text)).toEqual([
      'Sam Staff signed out',
      'Sam Staff signed in with an e-mail link',
      'Someone tried to sign in with an e-mail link and was refused: the link was not valid',
    ]);

    // A customer's own sign-in is not a staff action: it stays out of the log.
    const [customer] = await t.app.db.select().from(users).where(eq(users.email, t.fixture.customerA.userEmail));
    const customerLink = await createSignInLink(t.app.db, t.app.config.appUrl, customer!.id, '/customer-dashboard');
    const customerToken = new URL(customerLink).searchParams.get('token')!;
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { token: customerToken, email: customer!.email } }))
        .statusCode,
    ).toBe(200);
    expect((await events('?kind=sign_in')).map((event) => event.actor?.id)).toEqual([staff!.id]);
  });

  it('is append-only: the database refuses updates and early deletes; the purge removes only events past 13 months', async () => {
    await t.app.db.insert(auditEvents).values([
      { kind: 'write', ip: '127.0.0.1', action: 'POST /recent', outcome: 'ok' },
      { kind: 'write', ip: '127.0.0.1', action: 'POST /a-year-ago', outcome: 'ok', at: sql`now() - interval '12 months'` },
      { kind: 'write', ip: '127.0.0.1', action: 'POST /long-ago', outcome: 'ok', at: sql`now() - interval '14 months'` },
    ]);
    const refused = { cause: expect.objectContaining({ message: expect.stringMatching(/the audit log is append-only/) }) };
    await expect(t.app.db.update(auditEvents).set({ summary: 'rewritten' })).rejects.toMatchObject(refused);
    await expect(t.app.db.delete(auditEvents).where(eq(auditEvents.action, 'POST /recent'))).rejects.toMatchObject(refused);
    // A minute's count of anonymous refusals may only go up, and nothing else of it may change.
    await recordRefusedRequest(
      t.app.db,
      { ip: '198.51.100.12', userAgent: '' },
      { action: 'POST /x', outcome: 'refused', statusCode: 403 },
    );
    const counted = eq(auditEvents.kind, 'refused_anonymous');
    await expect(
      t.app.db
        .update(auditEvents)
        .set({ count: sql`count - 1` })
        .where(counted),
    ).rejects.toMatchObject(refused);
    await expect(t.app.db.update(auditEvents).set({ count: 9, ip: '192.0.2.1' }).where(counted)).rejects.toMatchObject(refused);
    await expect(t.app.db.update(auditEvents).set({ count: 9, action: 'POST /y' }).where(counted)).rejects.toMatchObject(refused);
    await expect(t.app.db.delete(auditEvents).where(counted)).rejects.toMatchObject(refused);
    expect(await purgeOldAuditEvents(t.app.db)).toBe(1);
    // And the application has no route that could change it.
    const auditRoutes = t.app.routeCatalog.filter((route) => String(route.url).includes('audit'));
    expect(auditRoutes.length).toBeGreaterThan(0);
    expect(auditRoutes.flatMap((route) => [route.method].flat()).filter((method) => !['GET', 'HEAD'].includes(method))).toEqual([]);
    expect((await t.app.db.select({ action: auditEvents.action }).from(auditEvents)).map((row) => row.action).sort()).toEqual([
      'POST /a-year-ago',
      'POST /recent',
      'POST /x',
    ]);
  });
});
