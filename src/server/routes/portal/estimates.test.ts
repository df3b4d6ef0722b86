import { execFileSync } from 'node:child_process';
import { and, count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Agreement, PortalEstimateSummary, PublicEstimate } from '../../../shared/api/estimates';
import { addDays, localToday } from '../../../shared/local-dates';
import { auditEvents, emailOutbox, estimates, properties, serviceAgreements, users } from '../../db/schema';
import { acceptedEstimateHash, hashedVersion, propertiesOfEstimates } from '../../modules/estimates';
import { setEstimatePhotos } from '../../modules/estimates/estimate-photos';
import { testAppFor, type TestAppContext } from '#test/app';
import { auditRowsAbout, auditWordsAbout } from '#test/audit';
import { testDatabases } from '#test/database';
import {
  createTestEstimate,
  GREENFIELD_WITH_OPTION,
  reviseTestEstimate,
  type TestEstimate,
  type TestEstimateOptions,
} from '#test/estimates';
import { pdfImages } from '#test/pdf';
import { mimeParts } from '#test/smtp';

const json = { 'content-type': 'application/json' };
const STAFF = 'crew@lakeshorelotcare.com';
const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15';

/** A PDF's text, as poppler's pdftotext reads it. */
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });
const unfolded = (text: string) => text.replace(/\r?\n[ \t]+/g, ' ');

/**
 * An estimate for customer A (or B): more service at their Plaza and a new site, Greenfield Station,
 * with an optional landscaping line; month-to-month or 12 months.
 */
function estimateFor(t: TestAppContext, customer: 'customerA' | 'customerB', options: TestEstimateOptions = {}): Promise<TestEstimate> {
  const fixture = t.fixture[customer];
  return createTestEstimate(t.app.db, {
    customerId: fixture.id,
    companyName: customer === 'customerA' ? 'Customer A Properties' : 'Customer B Properties',
    contactName: customer === 'customerA' ? 'ManagerA Test' : 'ManagerB Test',
    email: fixture.userEmail,
    termsOffered: ['month-to-month', '12-months'],
    sites: [
      {
        name: customer === 'customerA' ? 'Plaza A' : 'Plaza B',
        propertyId: fixture.propertyId,
        address: '200 Oak Ave',
        city: 'West Allis',
        zipCode: '53214',
        taxJurisdiction: 'milwaukee-county',
        taxRateBp: 590,
        lines: [{ name: 'Trash Receptacle Maintenance', unit: 'visit', unitPriceCents: 3500, rrule: 'FREQ=WEEKLY;BYDAY=MO,TH' }],
      },
      GREENFIELD_WITH_OPTION,
    ],
    ...options,
  });
}

/** 12 months, the landscaping option ticked, a PO number for the new site. */
const acceptance = (estimate: TestEstimate) => ({
  term: '12-months',
  optionalLineIds: [estimate.sites[1]!.lines[1]!.id],
  poNumbers: { [estimate.sites[1]!.id]: 'GS-2026-04' },
  name: 'ManagerA Test',
  title: 'Facilities Director',
  agree: true,
});

const post = (t: TestAppContext, url: string, body: unknown, headers: Record<string, string> = t.as('customerA')) =>
  t.app.inject({ method: 'POST', url, headers: { ...json, 'user-agent': BROWSER, ...headers }, payload: JSON.stringify(body) });

const rows = async (t: TestAppContext, table: typeof serviceAgreements | typeof emailOutbox) =>
  (await t.app.db.select({ n: count() }).from(table))[0]!.n;

/** The changes in the audit log (a download is an export, a refusal is kept apart). */
const loggedChanges = async (t: TestAppContext) => (await t.app.db.select().from(auditEvents)).filter((row) => row.kind === 'write');

const userIdOf = async (t: TestAppContext, email: string) =>
  (await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

describe.each(testDatabases)('a customer’s estimates in the portal on %s', (kind) => {
  const t = testAppFor(kind, { smtp: true, config: { visitHorizonWeeks: 6 } });
  beforeEach(() => t.smtp.received.splice(0));

  it('lists only the signed-in customer’s estimates waiting for an answer, newest first', async () => {
    const sent = await estimateFor(t, 'customerA');
    const viewed = await estimateFor(t, 'customerA', { status: 'viewed' });
    const changes = await estimateFor(t, 'customerA', { status: 'changes_requested' });
    await estimateFor(t, 'customerA', { proposedStartDate: addDays(localToday(), -40), validUntil: addDays(localToday(), -1) });
    await estimateFor(t, 'customerA', { sent: false });
    await estimateFor(t, 'customerA', { status: 'declined' });
    const replaced = await estimateFor(t, 'customerA');
    const revision = await reviseTestEstimate(t.app.db, replaced, { customerId: t.fixture.customerA.id });
    await estimateFor(t, 'customerB');
    // A prospect's estimate to the same address is no customer's yet: not listed.
    await createTestEstimate(t.app.db, { email: t.fixture.customerA.userEmail });

    const response = await t.app.inject({ url: '/api/portal/estimates', headers: t.as('customerA') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const listed = response.json<PortalEstimateSummary[]>();
    expect(listed.map((estimate) => estimate.id).sort()).toEqual([sent.id, viewed.id, changes.id, revision.id].sort());
    expect(listed.find((estimate) => estimate.id === sent.id)).toEqual({
      id: sent.id,
      number: sent.number,
      version: 1,
      status: 'sent',
      propertyNames: ['Plaza A', 'Greenfield Station'],
      // 1461/336 weeks in an average month: trash twice a week at $35 ($304.375, rounded up) and a
      // Tuesday sweep at $85 ($369.598…); the option left out.
      monthlyCents: 30438 + 36960,
      oneTimeCents: 0,
      proposedStartDate: localToday(),
      validUntil: addDays(localToday(), 30),
      sentAt: expect.any(String),
    });
    expect(listed.find((estimate) => estimate.id === revision.id)).toMatchObject({ number: replaced.number, version: 2 });
    // Customer B sees their own one only.
    expect((await t.app.inject({ url: '/api/portal/estimates', headers: t.as('customerB') })).json()).toHaveLength(1);
  });

  it('opens one as its link shows it, marks it viewed, and answers 404 for another customer’s, a draft or a prospect’s', async () => {
    const estimate = await estimateFor(t, 'customerA');
    const response = await t.app.inject({ url: `/api/portal/estimates/${estimate.id}`, headers: t.as('customerA') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const page = response.json<PublicEstimate>();
    expect(page).toMatchObject({
      number: estimate.number,
      status: 'viewed',
      companyName: 'Customer A Properties',
      termsOffered: ['month-to-month', '12-months'],
      replacement: null,
      acceptance: null,
      pdfUrl: `/api/portal/estimates/${estimate.id}/pdf`,
    });
    expect(page.properties.map((property) => [property.name, property.lines.map((line) => line.name)])).toEqual([
      ['Plaza A', ['Trash Receptacle Maintenance']],
      ['Greenfield Station', ['Parking Lot Cleaning', 'Landscaped Area Cleanup']],
    ]);
    expect(page).not.toHaveProperty('crewUserIds');
    const [row] = await t.app.db.select().from(estimates).where(eq(estimates.id, estimate.id));
    expect(row!.firstViewedAt).toBeInstanceOf(Date);

    const theirs = await estimateFor(t, 'customerB');
    const draft = await estimateFor(t, 'customerA', { sent: false });
    const prospects = await createTestEstimate(t.app.db, { email: t.fixture.customerA.userEmail });
    for (const id of [theirs.id, draft.id, prospects.id, '00000000-0000-4000-8000-000000000000']) {
      for (const path of ['', '/pdf']) {
        const refused = await t.app.inject({ url: `/api/portal/estimates/${id}${path}`, headers: t.as('customerA') });
        expect(refused.statusCode, `${id}${path}`).toBe(404);
        expect(refused.json()).toEqual({ message: 'Not found' });
      }
    }
    // Customer B's stays unseen: opening it from A's session did not mark it viewed.
    const [their] = await t.app.db.select().from(estimates).where(eq(estimates.id, theirs.id));
    expect(their!.status).toBe('sent');
  });

  it('shows the photos from the property visit through the portal’s own photo route, to the customer’s users only, and prints them in the PDF and the signed copy', async () => {
    const { customerA, customerB } = t.fixture;
    const estimate = await estimateFor(t, 'customerA');
    await setEstimatePhotos(t.app.db, estimate.id, [customerA.photoId]);
    const page = (await t.app.inject({ url: `/api/portal/estimates/${estimate.id}`, headers: t.as('customerA') })).json<PublicEstimate>();
    // The customer's own photos, by the route (and policy row) their property pages use.
    expect(page.photoBase).toBe('/api/photos');
    expect(page.photos).toEqual([expect.objectContaining({ id: customerA.photoId, caption: 'Lot a', propertyName: 'Plaza A' })]);
    const width = page.photos[0]!.variantWidths[0]!;
    const url = `${page.photoBase}/${customerA.photoId}/${width}.webp`;
    const image = await t.app.inject({ url, headers: t.as('customerA') });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    // Another customer's user, a tampered id and no session are refused, and learn nothing.
    const flipped = customerA.photoId.slice(0, -1) + (customerA.photoId.endsWith('0') ? '1' : '0');
    for (const [what, target, headers] of [
      ['customer B', url, t.as('customerB')],
      ['a tampered id', `${page.photoBase}/${flipped}/${width}.webp`, t.as('customerA')],
      ['customer B’s photo', `${page.photoBase}/${customerB.photoId}/${width}.webp`, t.as('customerA')],
    ] as const) {
      const refused = await t.app.inject({ url: target, headers });
      expect(refused.statusCode, what).toBe(404);
      expect(refused.json(), what).toEqual({ message: 'Not found' });
    }
    expect((await t.app.inject({ url })).statusCode).toBe(401);

    const offer = (await t.app.inject({ url: `/api/portal/estimates/${estimate.id}/pdf`, headers: t.as('customerA') })).rawPayload;
    expect(pdfText(offer)).toContain('Photos from the property visit');
    expect(pdfImages(offer)).toHaveLength(1);
    expect((await post(t, `/api/portal/estimates/${estimate.id}/accept`, acceptance(estimate))).statusCode).toBe(200);
    const signed = (await t.app.inject({ url: `/api/portal/estimates/${estimate.id}/pdf`, headers: t.as('customerA') })).rawPayload;
    expect(pdfText(signed)).toContain('Photos from the property visit');
    expect(pdfImages(signed)).toHaveLength(1);
  });

  it('leads from a replaced version to the newer one in the portal', async () => {
    const first = await estimateFor(t, 'customerA');
    const second = await reviseTestEstimate(t.app.db, first, { customerId: t.fixture.customerA.id });
    const page = (await t.app.inject({ url: `/api/portal/estimates/${first.id}`, headers: t.as('customerA') })).json<PublicEstimate>();
    expect(page).toMatchObject({ status: 'superseded', replacement: { version: 2, url: `/customer-dashboard/estimates/${second.id}` } });
    const refused = await post(t, `/api/portal/estimates/${first.id}/accept`, acceptance(first));
    expect(refused.statusCode).toBe(409);
  });

  it('accepts once under two concurrent requests: one agreement for the customer, its new property, and the evidence kept', async () => {
    const estimate = await estimateFor(t, 'customerA');
    const url = `/api/portal/estimates/${estimate.id}/accept`;
    const [one, two] = await Promise.all([post(t, url, acceptance(estimate)), post(t, url, acceptance(estimate))]);
    expect([one.statusCode, two.statusCode], one.body).toEqual([200, 200]);
    expect(two.json()).toEqual(one.json());
    expect(one.json<PublicEstimate>()).toMatchObject({
      status: 'accepted',
      acceptance: { name: 'ManagerA Test', title: 'Facilities Director', term: '12-months' },
      pdfUrl: `/api/portal/estimates/${estimate.id}/pdf`,
    });

    // One agreement, the customer's own: listed in the portal with both properties and the option.
    expect(await rows(t, serviceAgreements)).toBe(1);
    const [agreement] = (await t.app.inject({ url: '/api/portal/agreements', headers: t.as('customerA') })).json<Agreement[]>();
    expect(agreement).toMatchObject({ customerId: t.fixture.customerA.id, estimateId: estimate.id, term: '12-months', discountBp: 1000 });
    expect(agreement!.lines.map((line) => [line.propertyName, line.name, line.rrule])).toEqual([
      ['Plaza A', 'Trash Receptacle Maintenance', 'FREQ=WEEKLY;BYDAY=MO,TH'],
      ['Greenfield Station', 'Parking Lot Cleaning', 'FREQ=WEEKLY;BYDAY=TU'],
      ['Greenfield Station', 'Landscaped Area Cleanup', 'FREQ=WEEKLY;BYDAY=FR'],
    ]);
    expect(agreement!.properties.map((property) => [property.name, property.city, property.poNumber])).toEqual([
      ['Plaza A', 'West Allis', null],
      ['Greenfield Station', 'Greenfield', 'GS-2026-04'],
    ]);
    // The added property is the customer's; the existing one was not made again; no new portal user.
    const theirs = await t.app.db.select().from(properties).where(eq(properties.customerId, t.fixture.customerA.id));
    expect(theirs.map((property) => property.name).sort()).toEqual(['Greenfield Station', 'Plaza A']);
    expect(await t.app.db.select().from(users).where(eq(users.email, t.fixture.customerA.userEmail))).toHaveLength(1);

    // The evidence: name, title, time, IP, browser, the choices and the hash of exactly this version with them.
    const [row] = await t.app.db.select().from(estimates).where(eq(estimates.id, estimate.id));
    expect(row).toMatchObject({
      status: 'accepted',
      customerId: t.fixture.customerA.id,
      acceptedName: 'ManagerA Test',
      acceptedTitle: 'Facilities Director',
      acceptedIp: '127.0.0.1',
      acceptedUserAgent: BROWSER,
      acceptedChoices: {
        term: '12-months',
        optionalLineIds: [estimate.sites[1]!.lines[1]!.id],
        poNumbers: { [estimate.sites[1]!.id]: 'GS-2026-04' },
      },
    });
    const sites = (await propertiesOfEstimates(t.app.db, [estimate.id])).get(estimate.id)!;
    expect(row!.acceptedHash).toBe(acceptedEstimateHash(hashedVersion(row!, sites), row!.acceptedChoices!));

    // Staff are told, and the signer gets the signed copy that links back to the estimate in the portal.
    const signed = await t.smtp.nextMailTo(t.fixture.customerA.userEmail);
    expect(signed.decoded).toContain(`/customer-dashboard/estimates/${estimate.id}`);
    expect(unfolded((await t.smtp.nextMailTo(STAFF)).decoded)).toContain(`Estimate ${estimate.number}`);
    expect(await rows(t, emailOutbox)).toBe(2);

    // A retry answers the same; other choices, or a decline, are refused; the list no longer shows it.
    const retry = await post(t, url, acceptance(estimate));
    expect(retry.json()).toEqual(one.json());
    expect((await post(t, url, { ...acceptance(estimate), term: 'month-to-month' })).statusCode).toBe(409);
    expect((await post(t, `/api/portal/estimates/${estimate.id}/decline`, {})).statusCode).toBe(409);
    expect((await t.app.inject({ url: '/api/portal/estimates', headers: t.as('customerA') })).json()).toEqual([]);
    expect(await rows(t, serviceAgreements)).toBe(1);

    // The audit log has the acceptance once, by the signed-in user: the concurrent one, the retry and the refusals added none.
    expect(await loggedChanges(t)).toEqual([
      expect.objectContaining({
        actorId: await userIdOf(t, t.fixture.customerA.userEmail),
        actorRole: 'customer',
        ip: '127.0.0.1',
        userAgent: BROWSER,
        action: 'estimate.accept',
        targetType: 'estimates',
        targetId: estimate.id,
        outcome: 'ok',
        summary: 'by=portal, term=12-months',
      }),
    ]);
    expect(await auditWordsAbout(t, estimate.id)).toEqual([
      `ManagerA Test accepted estimate ${estimate.number} for Customer A Properties, 12 months, from the portal`,
    ]);

    // The signed copy downloads from the portal with its acceptance page, and the download is in the audit log.
    const pdf = await t.app.inject({ url: `/api/portal/estimates/${estimate.id}/pdf`, headers: t.as('customerA') });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const words = pdfText(pdf.rawPayload);
    expect(words).toContain('Facilities Director');
    expect(words.replace(/\s+/g, '')).toContain(row!.acceptedHash!);
    const audited = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'GET /api/portal/estimates/:id/pdf'), eq(auditEvents.targetId, estimate.id)));
    expect(audited.map((event) => event.kind)).toEqual(['export']);
  });

  it('refuses an acceptance that is not complete or not this estimate’s, with field errors, and stores nothing', async () => {
    const estimate = await estimateFor(t, 'customerA');
    const good = acceptance(estimate);
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ ...good, agree: false }, { agree: 'Tick “I agree to the terms above” to accept' }],
      [{ ...good, title: '' }, { title: 'Your title is required' }],
      [{ ...good, term: '6-months' }, { term: 'Choose one of the terms offered' }],
      [{ ...good, optionalLineIds: [estimate.sites[0]!.lines[0]!.id] }, { optionalLineIds: 'Choose options from the estimate' }],
    ];
    for (const [body, errors] of cases) {
      const response = await post(t, `/api/portal/estimates/${estimate.id}/accept`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ errors: Record<string, string> }>().errors).toMatchObject(errors);
    }
    // Another customer's estimate is "not found" to a complete acceptance too.
    const theirs = await estimateFor(t, 'customerB');
    expect((await post(t, `/api/portal/estimates/${theirs.id}/accept`, acceptance(theirs))).statusCode).toBe(404);
    const stored = await t.app.db.select().from(estimates);
    expect(stored.every((row) => row.status === 'sent' && row.acceptedHash === null)).toBe(true);
    expect(await rows(t, serviceAgreements)).toBe(0);
    expect(await rows(t, emailOutbox)).toBe(0);
    // Nothing happened, so the audit log has nothing of it either.
    expect(await loggedChanges(t)).toEqual([]);
    expect(await auditRowsAbout(t, theirs.id)).toEqual([]);
  });

  it('asks for changes and declines as the link does: staff are told at once through the real SMTP server, once', async () => {
    const estimate = await estimateFor(t, 'customerA');
    const message = 'Could Greenfield Station be swept on Wednesdays? <i>Tuesday</i> is our delivery day.';
    const asked = await post(t, `/api/portal/estimates/${estimate.id}/request-changes`, { message });
    expect(asked.statusCode).toBe(200);
    expect(asked.json<PublicEstimate>().status).toBe('changes_requested');
    const notice = await t.smtp.nextMailTo(STAFF);
    expect(unfolded(notice.decoded)).toContain(
      `Subject: Estimate ${estimate.number}: ManagerA Test (Customer A Properties) asks for changes`,
    );
    const html = mimeParts(notice.raw)
      .find((part) => part.contentType === 'text/html')!
      .data.toString('utf8');
    expect(html).toContain('&lt;i&gt;Tuesday&lt;/i&gt; is our delivery day.');
    expect((await post(t, `/api/portal/estimates/${estimate.id}/request-changes`, { message })).json()).toEqual(asked.json());
    // Still waiting for an answer: listed, as changes requested.
    const listed = (await t.app.inject({ url: '/api/portal/estimates', headers: t.as('customerA') })).json<PortalEstimateSummary[]>();
    expect(listed.map((item) => item.status)).toEqual(['changes_requested']);

    const declined = await post(t, `/api/portal/estimates/${estimate.id}/decline`, { reason: 'We are keeping Greenfield in house' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json<PublicEstimate>().status).toBe('declined');
    expect((await t.smtp.nextMailTo(STAFF)).decoded).toContain('We are keeping Greenfield in house');
    expect(await rows(t, emailOutbox)).toBe(2);

    // Each answer is in the audit log once, by the signed-in user; the message and the reason are named, not copied.
    const logged = await auditRowsAbout(t, estimate.id);
    const userId = await userIdOf(t, t.fixture.customerA.userEmail);
    expect(logged.map((row) => [row.actorId, row.action, row.summary])).toEqual([
      [userId, 'estimate.request-changes', 'by=portal, message'],
      [userId, 'estimate.decline', 'by=portal, reason'],
    ]);
    expect(await auditWordsAbout(t, estimate.id)).toEqual([
      `ManagerA Test asked for changes to estimate ${estimate.number} for Customer A Properties, from the portal`,
      `ManagerA Test declined estimate ${estimate.number} for Customer A Properties (with a reason), from the portal`,
    ]);
    expect((await t.app.inject({ url: '/api/portal/estimates', headers: t.as('customerA') })).json()).toEqual([]);
  });

  it('refuses every answer to an expired estimate with a 410', async () => {
    const estimate = await estimateFor(t, 'customerA', {
      proposedStartDate: addDays(localToday(), -40),
      validUntil: addDays(localToday(), -1),
    });
    const page = (await t.app.inject({ url: `/api/portal/estimates/${estimate.id}`, headers: t.as('customerA') })).json<PublicEstimate>();
    expect(page.status).toBe('expired');
    for (const [path, body] of [
      ['accept', acceptance(estimate)],
      ['request-changes', { message: 'Is the price still good?' }],
      ['decline', {}],
    ] as const) {
      const response = await post(t, `/api/portal/estimates/${estimate.id}/${path}`, body);
      expect(response.statusCode, path).toBe(410);
      expect(response.json()).toEqual({ message: 'This estimate has expired. Ask us for a new one.' });
    }
    expect(await rows(t, serviceAgreements)).toBe(0);
    expect(await loggedChanges(t)).toEqual([]);
  });
});
