import { execFileSync } from 'node:child_process';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addBusinessDays, termEndDate } from '../../../shared/agreement-dates';
import type { AgreementSummary, ConsoleAgreement } from '../../../shared/api/agreements';
import type { EstimateSummary, PublicEstimate } from '../../../shared/api/estimates';
import { estimateTotals } from '../../../shared/estimate-totals';
import { addDays, localToday } from '../../../shared/local-dates';
import type { Role } from '../../../shared/policy';
import { auditEvents, serviceAgreements, visits } from '../../db/schema';
import { testAppFor, type TestAppContext } from '#test/app';
import { testDatabases } from '#test/database';
import { insertCrewMember } from '#test/estimate-drafts';
import { createTestEstimate, lineId, THREE_SITES } from '#test/estimates';
import { signInAs } from '#test/sign-in';

const json = { 'content-type': 'application/json' };
const SIGNER_BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148 Safari/604.1';

/** A PDF's text, as poppler's pdftotext reads it. */
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });

/**
 * The three-site estimate of a Milwaukee retail landlord, with a crew proposed for Harbor Point
 * Plaza only, accepted on its page for 12 months with the landscaping option and a PO number:
 * the estimate, what the prospect was shown, and the agreement's id.
 */
async function acceptedThreeSites(
  t: TestAppContext,
  crewUserId: string,
  { email = 'dana.ruiz@lakefrontretail.example', customerId = null }: { email?: string; customerId?: string | null } = {},
) {
  const sites = THREE_SITES.map((site, index) => (index === 0 ? { ...site, crewUserIds: [crewUserId] } : site));
  const estimate = await createTestEstimate(t.app.db, { email, customerId, sites });
  const landscaping = lineId(estimate, 'Harbor Point Plaza', 'Landscaped Area Cleanup');
  const accepted = await t.app.inject({
    method: 'POST',
    url: `/api/estimates/${estimate.token}/accept`,
    headers: { ...json, 'user-agent': SIGNER_BROWSER },
    remoteAddress: '203.0.113.24',
    payload: JSON.stringify({
      term: '12-months',
      optionalLineIds: [landscaping],
      poNumbers: { [estimate.sites[0]!.id]: 'HP-2291' },
      name: 'Dana Ruiz',
      title: 'Director of Property Management',
      agree: true,
    }),
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const shown = (await t.app.inject({ url: `/api/estimates/${estimate.token}` })).json<PublicEstimate>();
  const [agreement] = await t.app.db
    .select({ id: serviceAgreements.id })
    .from(serviceAgreements)
    .where(eq(serviceAgreements.estimateId, estimate.id));
  return { estimate, shown, landscaping, agreementId: agreement!.id };
}

/** What the prospect saw as their total for the 12-month term with the option ticked: what the agreement must come to. */
const acceptedTotals = (shown: PublicEstimate, option: string) =>
  estimateTotals(shown.properties, { discountBp: shown.termDiscounts['12-months']!, chosenOptionalIds: [option] });

describe.each(testDatabases)('service agreements in the console on %s', (kind) => {
  const t = testAppFor(kind, { config: { visitHorizonWeeks: 6 } });
  const get = (url: string, headers: Record<string, string> = t.as('staff')) => t.app.inject({ url, headers });

  it('lists every agreement with its customer, what it comes to a month to the cent, and the first visit at each property', async () => {
    const crew = await insertCrewMember(t.app.db);
    const { estimate, shown, landscaping, agreementId } = await acceptedThreeSites(t, crew);
    const response = await get('/api/admin/agreements');
    expect(response.statusCode, response.body).toBe(200);
    const [listed, ...others] = response.json<AgreementSummary[]>();
    expect(others).toEqual([]);
    const totals = acceptedTotals(shown, landscaping);
    expect(listed).toMatchObject({
      id: agreementId,
      customer: { name: 'Lakefront Retail Partners' },
      estimateId: estimate.id,
      estimateNumber: estimate.number,
      estimateVersion: 1,
      term: '12-months',
      status: 'active',
      endsOn: null,
      monthlyTotalCents: totals.monthlyTotalCents,
      oneTimeTotalCents: totals.oneTimeTotalCents,
    });
    expect(listed!.properties.map((property) => [property.name, property.monthlyTotalCents])).toEqual(
      totals.properties.map((property, index) => [THREE_SITES[index]!.name, property.monthlyTotalCents]),
    );
    // Each property's first visit: from tomorrow, within 2 business days; only Harbor Point Plaza has a crew.
    const latest = addBusinessDays(localToday(), 2);
    for (const property of listed!.properties) {
      expect(property.firstVisit!.date >= addDays(localToday(), 1) && property.firstVisit!.date <= latest, property.name).toBe(true);
    }
    expect(listed!.properties.map((property) => property.firstVisit!.crew.map((member) => member.name))).toEqual([['Rosa'], [], []]);
    // The estimate's list and its quote request's link to the agreement it became.
    const estimates = (await get('/api/admin/estimates')).json<EstimateSummary[]>();
    expect(estimates).toEqual([expect.objectContaining({ id: estimate.id, status: 'accepted', agreementId })]);
  });

  it('filters by customer, status and acceptance within the last days; an unknown customer has none; a bad filter is refused', async () => {
    const crew = await insertCrewMember(t.app.db);
    const first = await acceptedThreeSites(t, crew);
    const second = await acceptedThreeSites(t, crew, { email: 'ops@menomoneefallsplaza.example' });
    // The first was accepted three weeks ago, and has since been given notice.
    await t.app.db
      .update(serviceAgreements)
      .set({ createdAt: new Date(Date.now() - 21 * 86_400_000), status: 'ending', endsOn: addDays(localToday(), 30) })
      .where(eq(serviceAgreements.id, first.agreementId));
    const ids = async (query: string) => {
      const response = await get(`/api/admin/agreements${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AgreementSummary[]>().map((agreement) => agreement.id);
    };
    expect(await ids('')).toEqual([second.agreementId, first.agreementId]);
    expect(await ids('?acceptedWithinDays=14')).toEqual([second.agreementId]);
    expect(await ids('?status=ending')).toEqual([first.agreementId]);
    const { customer } = (await get(`/api/admin/agreements/${first.agreementId}`)).json<ConsoleAgreement>();
    expect(await ids(`?customerId=${customer.id}`)).toEqual([first.agreementId]);
    expect(await ids(`?customerId=${t.fixture.customerA.id}`)).toEqual([]);
    for (const [query, message] of [
      ['?status=paused', 'Status must be one of: active, ending, ended'],
      ['?acceptedWithinDays=0', 'acceptedWithinDays must be at least 1'],
      ['?acceptedWithinDays=two', 'acceptedWithinDays must be a whole number of days'],
      ['?customerId=42', 'The customer is not valid'],
    ]) {
      const refused = await get(`/api/admin/agreements${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.body).toContain(message);
    }
  });

  it('shows one agreement whole: customer, properties with PO numbers, lines with prices, dates, the estimate and its evidence, plans and first visits', async () => {
    const crew = await insertCrewMember(t.app.db);
    const { estimate, shown, landscaping, agreementId } = await acceptedThreeSites(t, crew);
    const response = await get(`/api/admin/agreements/${agreementId}`);
    expect(response.statusCode, response.body).toBe(200);
    const agreement = response.json<ConsoleAgreement>();
    const start = addDays(localToday(), 1);
    const totals = acceptedTotals(shown, landscaping);
    expect(agreement).toMatchObject({
      customer: { name: 'Lakefront Retail Partners', contactName: 'Dana Ruiz', email: 'dana.ruiz@lakefrontretail.example' },
      estimateId: estimate.id,
      estimateNumber: estimate.number,
      estimateVersion: 1,
      quoteRequestId: null,
      term: '12-months',
      discountBp: 1000,
      startDate: start,
      termEndDate: termEndDate('12-months', start),
      renewsOn: addDays(termEndDate('12-months', start)!, 1),
      status: 'active',
      endsOn: null,
      noticeGivenAt: null,
      signedPdfUrl: `/api/admin/agreements/${agreementId}/signed-pdf`,
      acceptance: { name: 'Dana Ruiz', title: 'Director of Property Management', ip: '203.0.113.24', userAgent: SIGNER_BROWSER },
    });
    expect(agreement.acceptance.hash).toMatch(/^[0-9a-f]{64}$/);
    expect({ ...agreement.totals, properties: totals.properties }).toEqual(totals);
    // The landscaping option was chosen; Oak Creek's dumpster option was not, so it never became a line.
    expect(agreement.lines.map((line) => [line.propertyName, line.name, line.unitPriceCents, line.frequency])).toEqual([
      ['Harbor Point Plaza', 'Parking Lot Cleaning', 8500, 'Every Monday and Thursday'],
      ['Harbor Point Plaza', 'Landscaped Area Cleanup', 6000, 'Every Monday'],
      ['Harbor Point Plaza', 'Initial Cleanup', 35000, 'One time'],
      ['Brookfield Commons', 'Parking Lot Cleaning', 9500, 'Every Tuesday'],
      ['Brookfield Commons', 'Emergency Callout', 12500, 'As needed'],
      ['Oak Creek Medical Center', 'Sidewalks & Building Entrances', 4500, 'Every Wednesday'],
    ]);
    const lineTotals = totals.properties.flatMap((property) => property.lines.filter((line) => line.included));
    expect(agreement.lines.map((line) => [line.monthlyCents, line.oneTimeCents])).toEqual(
      lineTotals.map((line) => [line.monthlyCents, line.oneTimeCents]),
    );
    expect(agreement.properties.map((property) => [property.name, property.address, property.city, property.poNumber])).toEqual([
      ['Harbor Point Plaza', '2100 S Kinnickinnic Ave', 'Milwaukee', 'HP-2291'],
      ['Brookfield Commons', '17800 W Bluemound Rd', 'Brookfield', null],
      ['Oak Creek Medical Center', '8400 S Howell Ave', 'Oak Creek', null],
    ]);
    // A plan per recurring line, with the crew proposed for its property.
    expect(agreement.plans.map((plan) => [plan.propertyName, plan.name, plan.frequency, plan.crew.map((member) => member.name)])).toEqual([
      ['Harbor Point Plaza', 'Parking Lot Cleaning', 'Every Monday and Thursday', ['Rosa']],
      ['Harbor Point Plaza', 'Landscaped Area Cleanup', 'Every Monday', ['Rosa']],
      ['Brookfield Commons', 'Parking Lot Cleaning', 'Every Tuesday', []],
      ['Oak Creek Medical Center', 'Sidewalks & Building Entrances', 'Every Wednesday', []],
    ]);
    expect(agreement.plans.every((plan) => plan.startDate === start && plan.endDate === null)).toBe(true);
  });

  it('takes the next visit as the first once the office skips the first one', async () => {
    const crew = await insertCrewMember(t.app.db);
    const { agreementId } = await acceptedThreeSites(t, crew);
    const before = (await get(`/api/admin/agreements/${agreementId}`)).json<ConsoleAgreement>();
    const brookfield = before.properties.find((property) => property.name === 'Brookfield Commons')!;
    await t.app.db.update(visits).set({ status: 'skipped', skipReason: 'weather' }).where(eq(visits.id, brookfield.firstVisit!.id));
    const after = (await get(`/api/admin/agreements/${agreementId}`)).json<ConsoleAgreement>();
    const next = after.properties.find((property) => property.name === 'Brookfield Commons')!.firstVisit!;
    expect(next.id).not.toBe(brookfield.firstVisit!.id);
    expect(next.date > brookfield.firstVisit!.date).toBe(true);
    expect(next.status).toBe('scheduled');
  });

  it('answers 404 for an unknown or malformed agreement, and for its signed copy', async () => {
    for (const url of [
      '/api/admin/agreements/00000000-0000-4000-8000-000000000000',
      '/api/admin/agreements/not-an-id',
      '/api/admin/agreements/00000000-0000-4000-8000-000000000000/signed-pdf',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ message: expect.any(String) });
    }
  });

  it('downloads the signed copy, recorded in the audit log as an export', async () => {
    const crew = await insertCrewMember(t.app.db);
    const { agreementId } = await acceptedThreeSites(t, crew);
    const response = await get(`/api/admin/agreements/${agreementId}/signed-pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Estimate-\d+-Lakefront-Retail-Partners-signed\.pdf"$/);
    const words = pdfText(response.rawPayload);
    expect(words).toContain('Dana Ruiz');
    expect(words).toContain('Director of Property Management');
    await expect
      .poll(async () =>
        t.app.db
          .select({ kind: auditEvents.kind, targetId: auditEvents.targetId, outcome: auditEvents.outcome })
          .from(auditEvents)
          .where(eq(auditEvents.action, 'GET /api/admin/agreements/:id/signed-pdf')),
      )
      .toEqual([{ kind: 'export', targetId: agreementId, outcome: 'ok' }]);
  });

  it('refuses crews and customers, even the customer whose agreement it is, and anyone signed out', async () => {
    const crew = await insertCrewMember(t.app.db);
    const a = t.fixture.customerA;
    const { agreementId } = await acceptedThreeSites(t, crew, { email: a.userEmail, customerId: a.id });
    const urls = ['/api/admin/agreements', `/api/admin/agreements/${agreementId}`, `/api/admin/agreements/${agreementId}/signed-pdf`];
    const callers: Array<[string, Record<string, string>, number]> = [
      ['crew', { cookie: (await signInAs(t.app, 'crew' satisfies Role)).cookie }, 403],
      ['customer A', t.as('customerA'), 403],
      ['customer B', t.as('customerB'), 403],
      ['signed out', {}, 401],
    ];
    for (const url of urls) {
      for (const [who, headers, status] of callers) {
        const response = await get(url, headers);
        expect(response.statusCode, `${who} ${url}`).toBe(status);
        expect(response.headers['content-type'], `${who} ${url}`).toMatch(/^application\/json/);
        expect(response.body).not.toContain('unitPriceCents');
      }
    }
    // Refusals are audited; none of them downloaded anything.
    const exports = await t.app.db
      .select({ kind: auditEvents.kind })
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'export'), inArray(auditEvents.targetId, [agreementId])));
    expect(exports).toEqual([]);
  });
});
