import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Estimate, EstimateDraft, EstimateSummary } from '../../../shared/api/estimates';
import { addDays, localToday } from '../../../shared/local-dates';
import type { Role } from '../../../shared/policy';
import {
  auditEvents,
  billingSettings,
  emailOutbox,
  estimateLines,
  estimateProperties,
  estimates,
  priceBookServices,
  quoteRequests,
} from '../../db/schema';
import { hashToken } from '../../modules/accounts/tokens';
import { testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { estimateDraft, insertCrewMember, insertQuoteRequest, priceBook } from '#test/estimate-drafts';
import { signInAs } from '#test/sign-in';
import { mimeParts } from '#test/smtp';

const json = { 'content-type': 'application/json' };

describe.each(testDatabases)('estimates in the console on %s', (kind) => {
  const t = testAppFor(kind, { smtp: true });
  const today = () => localToday();
  // The SMTP server serves the whole suite: each test reads only the e-mails its own app sent.
  beforeEach(() => {
    t.smtp.received.splice(0);
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers: Record<string, string> = t.as('staff')) =>
    t.app.inject({
      method,
      url,
      headers: { ...(body === undefined ? {} : json), ...headers },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const create = async (draft: EstimateDraft) => {
    const response = await call('POST', '/api/admin/estimates', draft);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Estimate>();
  };
  const send = async (id: string) => {
    const response = await call('POST', `/api/admin/estimates/${id}/send`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Estimate>();
  };
  const get = async (id: string) => (await call('GET', `/api/admin/estimates/${id}`)).json<Estimate>();
  const estimateCount = async () => (await t.app.db.select({ n: count() }).from(estimates))[0]!.n;
  /** The migration seeds the price book, which no test's clean-up empties: a test that changes it puts it back. */
  const withService = async (name: string, change: Partial<typeof priceBookServices.$inferInsert>, work: () => Promise<void>) => {
    const [before] = await t.app.db.select().from(priceBookServices).where(eq(priceBookServices.name, name));
    await t.app.db.update(priceBookServices).set(change).where(eq(priceBookServices.id, before!.id));
    try {
      await work();
    } finally {
      await t.app.db.update(priceBookServices).set(before!).where(eq(priceBookServices.id, before!.id));
    }
  };
  const setBilling = (values: Partial<typeof billingSettings.$inferInsert>) =>
    t.app.db
      .insert(billingSettings)
      .values({ id: true, ...values })
      .onConflictDoUpdate({ target: billingSettings.id, set: values });

  it('writes a draft from a quote request: its phone and message carried over, the price book’s words, the settings’ rates, prices in exact cents', async () => {
    await setBilling({ twelveMonthDiscountBp: 1200, milwaukeeCountyTaxBp: 90, milwaukeeCityTaxBp: 200, stateTaxBp: 500 });
    const requestId = await insertQuoteRequest(t.app.db, { phone: '(414) 555-0123' });
    const crew = await insertCrewMember(t.app.db);
    const draft = await estimateDraft(t.app.db, { quoteRequestId: requestId, email: 'Jane@SouthridgePlaza.com', phone: undefined });
    draft.properties[0]!.crewUserIds = [crew, crew];
    const service = await priceBook(t.app.db);

    const made = await create(draft);
    expect(made).toMatchObject({
      version: 1,
      status: 'draft',
      quoteRequestId: requestId,
      customerId: null,
      agreementId: null,
      companyName: 'Southridge Commons Management',
      email: 'jane@southridgeplaza.com',
      phone: '(414) 555-0123',
      requestMessage: 'Our 200-stall lot in Greenfield needs cleaning twice a week.',
      termsOffered: ['month-to-month', '12-months'],
      termDiscounts: { 'month-to-month': 0, '12-months': 1200 },
      sentAt: null,
      quoteMinutes: null,
      versions: [],
      acceptance: null,
    });
    expect(made.number).toBeGreaterThanOrEqual(1001);
    const [southridge, bluemound] = made.properties;
    expect(southridge).toMatchObject({ state: 'WI', parkingSpaces: 180, squareFeet: null, taxRateBp: 590, crewUserIds: [crew] });
    expect(bluemound).toMatchObject({ taxJurisdiction: 'milwaukee-city', taxRateBp: 790, crewUserIds: [] });
    expect(southridge!.lines).toMatchObject([
      {
        name: 'Parking Lot Cleaning',
        unit: 'visit',
        unitPriceCents: 8250,
        taxClass: 'exempt',
        rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
        frequency: 'Every Monday and Thursday',
        optional: false,
        description: service('Parking Lot Cleaning').description,
      },
      { name: 'Landscaped Area Cleanup', taxClass: 'taxable', unitPriceCents: 6000, optional: true },
      { name: 'Initial Cleanup', unit: 'once', unitPriceCents: 35000, rrule: null, frequency: 'One time' },
    ]);
    expect(bluemound!.lines[0]!.description).toBe('The front walk, both entrances and the smoking area by the loading dock.');
    // The checklist the plans will start with, copied from the price book.
    const [stored] = await t.app.db
      .select({ checklist: estimateLines.checklist, price: estimateLines.unitPriceCents })
      .from(estimateLines)
      .where(eq(estimateLines.id, southridge!.lines[0]!.id));
    expect(stored).toEqual({ checklist: service('Parking Lot Cleaning').checklist, price: 8250 });
    expect(await get(made.id)).toEqual(made);

    // The list's monthly figure: every included line, no optional one, before discount and tax, to the cent.
    // $82.50 twice a week is 8250 × 2922 / 336 = 71,745.5… → 71,746; $45 weekly is 4500 × 1461 / 336 → 19,567.
    const list = (await call('GET', '/api/admin/estimates')).json<EstimateSummary[]>();
    expect(list).toEqual([
      expect.objectContaining({ id: made.id, propertyCount: 2, monthlyCents: 71_746 + 19_567, oneTimeCents: 35_000, status: 'draft' }),
    ]);
  });

  it('refuses a draft with each problem at its field’s path, and stores nothing', async () => {
    const draft = await estimateDraft(t.app.db);
    const yesterday = addDays(today(), -1);
    const b = t.fixture.customerB;
    const bad: EstimateDraft = {
      ...draft,
      quoteRequestId: '00000000-0000-4000-8000-000000000000',
      proposedStartDate: yesterday,
      validUntil: yesterday,
      properties: [
        {
          ...draft.properties[0]!,
          propertyId: b.propertyId,
          crewUserIds: [(await signInAs(t.app, 'office')).userId],
          lines: [
            draft.properties[0]!.lines[0]!,
            { ...draft.properties[0]!.lines[0]!, serviceId: '00000000-0000-4000-8000-000000000001' },
            { ...draft.properties[0]!.lines[2]!, rrule: 'FREQ=WEEKLY;BYDAY=MO' },
          ],
        },
        draft.properties[1]!,
      ],
    };
    await withService('Sidewalks & Building Entrances', { active: false }, async () => {
      const refused = await call('POST', '/api/admin/estimates', bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ errors: Record<string, string> }>().errors).toEqual({
        proposedStartDate: 'The start date must be today or later',
        validUntil: '“Valid until” must be today or later',
        quoteRequestId: 'That quote request no longer exists',
        'properties.0.propertyId': 'Choose the customer first, then one of their properties',
        'properties.0.crewUserIds': 'Choose crew members from the list',
        'properties.0.lines.1.serviceId': 'That service is not in the price book: choose one from the list',
        'properties.0.lines.2.rrule': '“Initial Cleanup” is one-time work: it does not repeat',
        'properties.1.lines.0.serviceId': '“Sidewalks & Building Entrances” is no longer offered: choose another service',
      });
    });
    // Another customer's property is not this customer's.
    const theirs = await call('POST', '/api/admin/estimates', {
      ...draft,
      customerId: t.fixture.customerA.id,
      properties: [{ ...draft.properties[0]!, propertyId: b.propertyId }],
    });
    expect(theirs.json()).toMatchObject({ errors: { 'properties.0.propertyId': 'Choose one of the customer’s properties' } });
    // The contract's own checks: a property with no line, a term offered twice.
    const broken = await call('POST', '/api/admin/estimates', {
      ...draft,
      termsOffered: ['6-months', '6-months'],
      properties: [{ ...draft.properties[0]!, lines: [] }],
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      errors: { termsOffered: 'Offer each term once', properties: 'Add at least one service to each property' },
    });
    expect(await estimateCount()).toBe(0);
    expect((await t.app.db.select({ n: count() }).from(estimateProperties))[0]!.n).toBe(0);
  });

  it('writes a draft for an existing customer, on one of their own properties', async () => {
    const a = t.fixture.customerA;
    const draft = await estimateDraft(t.app.db, { customerId: a.id });
    draft.properties[0]!.propertyId = a.propertyId;
    const made = await create(draft);
    expect(made).toMatchObject({ customerId: a.id, quoteRequestId: null, requestMessage: '' });
    expect(made.properties[0]!.propertyId).toBe(a.propertyId);
  });

  it('keeps an estimate’s words, prices and rates when the price book and the settings change afterwards', async () => {
    const made = await create(await estimateDraft(t.app.db));
    await setBilling({ milwaukeeCityTaxBp: 300, twelveMonthDiscountBp: 1500 });
    await withService('Parking Lot Cleaning', { name: 'Parking Lot Sweeping', priceCents: 9900, taxClass: 'taxable' }, async () => {
      expect(await get(made.id)).toEqual(made);
    });
  });

  it('replaces a draft whole, and never changes a sent estimate (409: use Revise)', async () => {
    const made = await create(await estimateDraft(t.app.db));
    const draft = await estimateDraft(t.app.db, { companyName: 'Southridge Commons LLC', termsOffered: ['6-months'] });
    draft.properties = [draft.properties[1]!];
    draft.properties[0]!.lines[0]!.unitPriceCents = 4999;
    const replaced = await call('PUT', `/api/admin/estimates/${made.id}`, draft);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = replaced.json<Estimate>();
    expect(after).toMatchObject({ id: made.id, number: made.number, version: 1, companyName: 'Southridge Commons LLC' });
    expect(after.termDiscounts).toEqual({ '6-months': 500 });
    expect(after.properties.map((property) => [property.name, property.lines.map((line) => line.unitPriceCents)])).toEqual([
      ['Bluemound Plaza', [4999]],
    ]);
    expect((await t.app.db.select({ n: count() }).from(estimateProperties))[0]!.n).toBe(1);

    await send(made.id);
    const refused = await call('PUT', `/api/admin/estimates/${made.id}`, await estimateDraft(t.app.db));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/use Revise/);
    expect((await get(made.id)).properties.map((property) => property.name)).toEqual(['Bluemound Plaza']);
  });

  it('sends the link by e-mail, stores its token only hashed, marks the request quoted, and sends once', async () => {
    const requestId = await insertQuoteRequest(t.app.db, { minutesAgo: 95 });
    const draft = await estimateDraft(t.app.db, { quoteRequestId: requestId, companyName: 'Bluemound & Sons <Plaza>' });
    const made = await create(draft);
    const sent = await send(made.id);
    expect(sent).toMatchObject({ status: 'sent' });
    expect(sent.sentAt).not.toBeNull();
    expect(sent.quoteMinutes).toBeGreaterThanOrEqual(95);
    expect(sent.quoteMinutes).toBeLessThan(97);

    // A double click, or a retry: refused, and nothing more queued.
    const again = await call('POST', `/api/admin/estimates/${made.id}/send`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This estimate has already been sent' });
    const queued = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'jane@southridgeplaza.com'));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ sensitive: true, subject: 'Your estimate from Lakeshore Lot Care — 2 properties' });

    const mail = await t.smtp.nextMailTo('jane@southridgeplaza.com');
    const appUrl = t.app.config.appUrl.origin;
    const token = new RegExp(`${appUrl}/estimates/([A-Za-z0-9_-]{43})`).exec(mail.decoded)?.[1];
    expect(token).toBeDefined();
    const parts = mimeParts(mail.raw);
    const html = parts.find((part) => part.contentType === 'text/html')!.data.toString('utf8');
    // The estimate as a PDF, attached, read back with pdftotext.
    const attached = parts.find((part) => part.disposition === 'attachment')!;
    expect(attached).toMatchObject({ contentType: 'application/pdf', filename: `Estimate-${made.number}-Bluemound-Sons-Plaza.pdf` });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'estimate-mail-')), 'estimate.pdf');
    writeFileSync(file, attached.data);
    const words = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(words).toContain(`Estimate ${made.number}`);
    expect(words).toContain('Bluemound & Sons <Plaza>');
    expect(words).toContain('Southridge Commons');
    expect(words).not.toContain(token!);
    expect(html).toContain('Bluemound &amp; Sons &lt;Plaza&gt;');
    expect(html).not.toContain('<Plaza>');
    expect(html).toContain(`href="${appUrl}/estimates/${token}"`);
    const [row] = await t.app.db.select({ tokenHash: estimates.tokenHash }).from(estimates).where(eq(estimates.id, made.id));
    expect(row!.tokenHash).toBe(hashToken(token!));

    // Once the e-mail is sent, no row anywhere holds the token: the outbox forgot the e-mail's words.
    await expect
      .poll(async () => (await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.id, queued[0]!.id)))[0]?.status)
      .toBe('sent');
    type Rows<Row> = { rows: Row[] };
    const tables = (await t.app.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as Rows<{ name: string }>;
    expect(tables.rows.map((table) => table.name)).toEqual(expect.arrayContaining(['estimates', 'email_outbox', 'audit_events']));
    for (const { name } of tables.rows) {
      const found = (await t.app.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(name)} as t where position(${token!} in t::text) > 0`,
      )) as unknown as Rows<{ n: number }>;
      expect(found.rows[0]!.n, name).toBe(0);
    }

    const [request] = await t.app.db.select({ status: quoteRequests.status }).from(quoteRequests).where(eq(quoteRequests.id, requestId));
    expect(request!.status).toBe('quoted');
    // A request already won stays won.
    const wonId = await insertQuoteRequest(t.app.db, { status: 'won' });
    await send((await create(await estimateDraft(t.app.db, { quoteRequestId: wonId }))).id);
    const [won] = await t.app.db.select({ status: quoteRequests.status }).from(quoteRequests).where(eq(quoteRequests.id, wonId));
    expect(won!.status).toBe('won');
    const requestEstimates = (await call('GET', `/api/admin/quote-requests/${requestId}/estimates`)).json<EstimateSummary[]>();
    expect(requestEstimates.map((estimate) => estimate.id)).toEqual([made.id]);
    expect((await call('GET', '/api/admin/quote-requests/00000000-0000-4000-8000-000000000000/estimates')).statusCode).toBe(404);
  });

  it('sends once and revises once when two presses arrive together', async () => {
    const made = await create(await estimateDraft(t.app.db, { email: 'dana@bluemoundplaza.com' }));
    const sends = await Promise.all([1, 2].map(() => call('POST', `/api/admin/estimates/${made.id}/send`)));
    expect(sends.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await t.app.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.toAddress, 'dana@bluemoundplaza.com'))).toEqual([
      { n: 1 },
    ]);
    const revisions = await Promise.all([1, 2].map(() => call('POST', `/api/admin/estimates/${made.id}/revise`)));
    expect(revisions.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(revisions.map((response) => response.json<Estimate>().id)).size).toBe(1);
    expect(await estimateCount()).toBe(2);
    // Each write is in the audit log, the send with what it did.
    const logged = await t.app.db
      .select({ action: auditEvents.action, summary: auditEvents.summary, targetId: auditEvents.targetId, outcome: auditEvents.outcome })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'POST /api/admin/estimates/:id/send'));
    expect(logged).toEqual(
      expect.arrayContaining([{ action: 'POST /api/admin/estimates/:id/send', summary: 'status=sent', targetId: made.id, outcome: 'ok' }]),
    );
  });

  it('revises a sent estimate into version 2, one draft at a time; version 1 is replaced only when version 2 is sent', async () => {
    const v1 = await create(await estimateDraft(t.app.db));
    await send(v1.id);
    const revised = await call('POST', `/api/admin/estimates/${v1.id}/revise`);
    expect(revised.statusCode, revised.body).toBe(201);
    const v2 = revised.json<Estimate>();
    expect(v2).toMatchObject({
      number: v1.number,
      version: 2,
      status: 'draft',
      sentAt: null,
      versions: [{ id: v1.id, version: 1, status: 'sent' }],
    });
    const withoutIds = (estimate: Estimate) =>
      estimate.properties.map(({ id: _id, lines, ...property }) => ({ ...property, lines: lines.map(({ id: _lineId, ...line }) => line) }));
    expect(withoutIds(v2)).toEqual(withoutIds(v1));
    expect({ ...v2, id: v1.id }).toMatchObject({ companyName: v1.companyName, termDiscounts: v1.termDiscounts, validUntil: v1.validUntil });

    // Revise again: the same draft. A draft is not revised, it is edited.
    const again = await call('POST', `/api/admin/estimates/${v1.id}/revise`);
    expect(again.statusCode).toBe(200);
    expect(again.json<Estimate>().id).toBe(v2.id);
    expect((await call('POST', `/api/admin/estimates/${v2.id}/revise`)).statusCode).toBe(409);

    // Until version 2 goes out, version 1 (and its link) stands.
    const draft = await estimateDraft(t.app.db);
    draft.properties[0]!.lines[0]!.unitPriceCents = 7900;
    expect((await call('PUT', `/api/admin/estimates/${v2.id}`, draft)).statusCode).toBe(200);
    const [before] = await t.app.db.select().from(estimates).where(eq(estimates.id, v1.id));
    expect(before).toMatchObject({ status: 'sent', supersededById: null });

    const sentV2 = await send(v2.id);
    expect(sentV2.versions).toEqual([{ id: v1.id, version: 1, status: 'superseded' }]);
    const [after] = await t.app.db.select().from(estimates).where(eq(estimates.id, v1.id));
    expect(after).toMatchObject({ status: 'superseded', supersededById: v2.id });
    expect((await t.smtp.nextMailTo('jane@southridgeplaza.com')).decoded).toContain('Here is our estimate');
    const revisedMail = await t.smtp.nextMailTo('jane@southridgeplaza.com');
    expect(revisedMail.decoded).toContain('Here is our revised estimate');
    expect(revisedMail.decoded).toContain(`No. ${v1.number}, version 2`);

    expect((await call('POST', `/api/admin/estimates/${v1.id}/revise`)).json()).toEqual({
      message: 'A later version replaced this estimate: use that one',
    });
    const list = (await call('GET', '/api/admin/estimates')).json<EstimateSummary[]>();
    expect(list.map((estimate) => [estimate.number, estimate.version, estimate.status])).toEqual([[v1.number, 2, 'sent']]);
  });

  it('extends a sent or expired estimate to a later day, never an earlier or a past one', async () => {
    const made = await create(await estimateDraft(t.app.db));
    const extend = (id: string, validUntil: string) => call('POST', `/api/admin/estimates/${id}/extend`, { validUntil });
    expect((await extend(made.id, addDays(today(), 40))).statusCode).toBe(409);
    await send(made.id);
    // Its last valid day was yesterday: it shows as expired, in the list's filter too.
    await t.app.db
      .update(estimates)
      .set({ validUntil: addDays(today(), -1) })
      .where(eq(estimates.id, made.id));
    expect((await get(made.id)).status).toBe('expired');
    const listed = async (status: string) =>
      (await call('GET', `/api/admin/estimates?status=${status}`)).json<EstimateSummary[]>().map((estimate) => estimate.id);
    expect(await listed('expired')).toEqual([made.id]);
    expect(await listed('sent')).toEqual([]);

    const past = await extend(made.id, addDays(today(), -1));
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ errors: { validUntil: 'Choose today or a later date' } });
    const extended = await extend(made.id, addDays(today(), 20));
    expect(extended.statusCode).toBe(200);
    expect(extended.json()).toMatchObject({ status: 'sent', validUntil: addDays(today(), 20) });
    expect(await listed('sent')).toEqual([made.id]);
    const earlier = await extend(made.id, addDays(today(), 10));
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json<{ errors: Record<string, string> }>().errors.validUntil).toMatch(/^Choose a day after /);
    expect((await get(made.id)).validUntil).toBe(addDays(today(), 20));
  });

  it('lists the latest version of each estimate, newest first, of one status as shown today', async () => {
    const first = await create(await estimateDraft(t.app.db, { companyName: 'Fox River Holdings' }));
    const second = await create(await estimateDraft(t.app.db, { companyName: 'Brookfield Square' }));
    await send(second.id);
    const third = await create(await estimateDraft(t.app.db, { companyName: 'Mayfair Collection' }));
    await send(third.id);
    const revision = (await call('POST', `/api/admin/estimates/${third.id}/revise`)).json<Estimate>();
    const ids = async (query = '') => (await call('GET', `/api/admin/estimates${query}`)).json<EstimateSummary[]>().map((row) => row.id);
    expect(await ids()).toEqual([revision.id, second.id, first.id]);
    expect(await ids('?status=draft')).toEqual([revision.id, first.id]);
    expect(await ids('?status=sent')).toEqual([second.id]);
    expect(await ids('?status=accepted')).toEqual([]);
    const bogus = await call('GET', '/api/admin/estimates?status=lost');
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json<{ message: string }>().message).toMatch(/^Status must be one of: draft, sent/);
    expect((await call('GET', '/api/admin/estimates/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('lets owners and office staff work estimates, and refuses crews and customers', async () => {
    const as = async (role: Role) => ({ cookie: (await signInAs(t.app, role)).cookie });
    const office = await as('office');
    const made = await call('POST', '/api/admin/estimates', await estimateDraft(t.app.db), office);
    expect(made.statusCode).toBe(201);
    const id = made.json<Estimate>().id;
    expect((await call('GET', `/api/admin/estimates/${id}`, undefined, office)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/estimates/${id}/send`, undefined, office)).statusCode).toBe(200);
    for (const headers of [await as('crew'), t.as('customerA')]) {
      for (const [method, url, body] of [
        ['GET', '/api/admin/estimates'],
        ['GET', `/api/admin/estimates/${id}`],
        ['POST', '/api/admin/estimates', await estimateDraft(t.app.db)],
        ['POST', `/api/admin/estimates/${id}/revise`],
        ['POST', `/api/admin/estimates/${id}/extend`, { validUntil: addDays(today(), 60) }],
      ] as const) {
        expect((await call(method, url, body, headers)).statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect((await call('GET', '/api/admin/estimates', undefined, {})).statusCode).toBe(401);
    // Still one estimate, sent once, unchanged by the refused calls.
    expect(await estimateCount()).toBe(1);
    const [row] = await t.app.db
      .select()
      .from(estimates)
      .where(and(eq(estimates.id, id), eq(estimates.status, 'sent')));
    expect(row!.validUntil).toBe(addDays(today(), 30));
  });

  it('downloads the estimate as a PDF from the console: a draft as the prospect would see it, recorded as an export', async () => {
    const draft = await create(await estimateDraft(t.app.db, { companyName: 'Bayview Plaza Partners' }));
    const response = await call('GET', `/api/admin/estimates/${draft.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'estimate-pdf-'));
    const file = path.join(dir, 'estimate.pdf');
    writeFileSync(file, response.rawPayload);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Bayview Plaza Partners');
    expect(text).toContain(`${draft.number}`);
    const [exported] = await t.app.db.select().from(auditEvents).where(eq(auditEvents.action, 'GET /api/admin/estimates/:id/pdf'));
    expect(exported).toMatchObject({ kind: 'export', targetId: draft.id });
    expect((await call('GET', '/api/admin/estimates/00000000-0000-4000-8000-000000000000/pdf')).statusCode).toBe(404);
  });
});
