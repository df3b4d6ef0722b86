import { execFileSync } from 'node:child_process';
import { count, eq, gt, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { addBusinessDays, termEndDate } from '../../../shared/agreement-dates';
import type { Agreement } from '../../../shared/api/estimates';
import { shortDateText } from '../../../shared/date-formats';
import { addDays, localToday } from '../../../shared/local-dates';
import { emailOutbox, estimates, servicePlans, users, visits } from '../../db/schema';
import { testAppFor, type TestAppContext } from '#test/app';
import { auditRowsAbout, auditWordsAbout } from '#test/audit';
import { testDatabases } from '#test/database';
import { createTestEstimate, greenfieldStation, type TestSite } from '#test/estimates';

const json = { 'content-type': 'application/json' };
const STAFF = 'crew@lakeshorelotcare.com';

/** An estimate for customer A: more service at their Plaza A, and a new site; accepted through the page with a term. */
async function acceptedFor(t: TestAppContext, term: 'month-to-month' | '6-months'): Promise<Agreement> {
  const a = t.fixture.customerA;
  const sites: TestSite[] = [
    {
      name: 'Plaza A',
      propertyId: a.propertyId,
      address: '200 Oak Ave',
      city: 'West Allis',
      zipCode: '53214',
      taxJurisdiction: 'milwaukee-county',
      taxRateBp: 590,
      lines: [{ name: 'Trash Receptacle Maintenance', unit: 'visit', unitPriceCents: 3500, rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR' }],
    },
    greenfieldStation([
      { name: 'Landscaped Area Cleanup', unit: 'visit', unitPriceCents: 6000, taxClass: 'taxable', rrule: 'FREQ=WEEKLY;BYDAY=TU' },
    ]),
  ];
  const estimate = await createTestEstimate(t.app.db, {
    customerId: a.id,
    companyName: 'Customer A Properties',
    email: a.userEmail,
    termsOffered: [term],
    sites,
  });
  const accepted = await t.app.inject({
    method: 'POST',
    url: `/api/estimates/${estimate.token}/accept`,
    headers: json,
    payload: JSON.stringify({
      term,
      optionalLineIds: [],
      poNumbers: { [estimate.sites[0]!.id]: 'WA-0912' },
      name: 'ManagerA Test',
      title: 'Facilities Director',
      agree: true,
    }),
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const list = await t.app.inject({ url: '/api/portal/agreements', headers: t.as('customerA') });
  return list.json<Agreement[]>()[0]!;
}

/** A PDF's text, as poppler's pdftotext reads it. */
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });

const outboxTo = async (t: TestAppContext, to: string) =>
  (await t.app.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.toAddress, to)))[0]!.n;

describe.each(testDatabases)('service agreements in the portal on %s', (kind) => {
  const t = testAppFor(kind, { smtp: true, config: { visitHorizonWeeks: 10 } });
  // Mail a test left unread (the worker may deliver it before the app closes) is not the next test's.
  beforeEach(() => t.smtp.received.splice(0));

  it('lists the signed-in customer’s own agreements with their lines, prices, property names and renewal date', async () => {
    const agreement = await acceptedFor(t, '6-months');
    const start = addDays(localToday(), 1);
    expect(agreement).toMatchObject({
      customerId: t.fixture.customerA.id,
      term: '6-months',
      discountBp: 500,
      startDate: start,
      termEndDate: termEndDate('6-months', start),
      renewsOn: addDays(termEndDate('6-months', start)!, 1),
      status: 'active',
      endsOn: null,
      signedPdfUrl: `/api/portal/agreements/${agreement.id}/signed-pdf`,
    });
    expect(agreement.lines.map((line) => [line.propertyName, line.name, line.unitPriceCents, line.taxClass, line.frequency])).toEqual([
      ['Plaza A', 'Trash Receptacle Maintenance', 3500, 'exempt', 'Every Monday, Wednesday and Friday'],
      ['Greenfield Station', 'Landscaped Area Cleanup', 6000, 'taxable', 'Every Tuesday'],
    ]);
    // The existing property got its PO number; no new property was made for it.
    const properties = await t.app.inject({ url: '/api/customer/properties', headers: t.as('customerA') });
    expect(
      properties
        .json<Array<{ name: string }>>()
        .map((property) => property.name)
        .sort(),
    ).toEqual(['Greenfield Station', 'Plaza A']);
    // Customer B sees none of it.
    expect((await t.app.inject({ url: '/api/portal/agreements', headers: t.as('customerB') })).json()).toEqual([]);
    expect((await t.app.inject({ url: agreement.signedPdfUrl, headers: t.as('customerB') })).statusCode).toBe(404);
  });

  it('downloads the signed copy, drawn again from the stored evidence, with its acceptance page', async () => {
    const agreement = await acceptedFor(t, '6-months');
    const response = await t.app.inject({ url: agreement.signedPdfUrl, headers: t.as('customerA') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Estimate-\d+-Customer-A-Properties-signed\.pdf"$/);
    const words = pdfText(response.rawPayload);
    expect(words).toContain('ManagerA Test');
    expect(words).toContain('Facilities Director');
    const [row] = await t.app.db.select({ hash: estimates.acceptedHash }).from(estimates).where(eq(estimates.id, agreement.estimateId));
    expect(words.replace(/\s+/g, '')).toContain(row!.hash!);
  });

  it('cancels a month-to-month agreement with 30 days’ notice: its plans end that day and staff are told, once', async () => {
    const agreement = await acceptedFor(t, 'month-to-month');
    expect(agreement.renewsOn).toBeNull();
    const planIds = agreement.lines.map((line) => line.planId!);
    const endsOn = addDays(localToday(), 30);
    expect(await t.app.db.select({ n: count() }).from(visits).where(gt(visits.scheduledDate, endsOn))).not.toEqual([{ n: 0 }]);

    expect((await t.smtp.nextMailTo(STAFF)).decoded).toContain('accepted');
    const url = `/api/portal/agreements/${agreement.id}/cancel`;
    // Another customer's user is told it is not found, and nothing is stored (nor logged, below).
    expect((await t.app.inject({ method: 'POST', url, headers: t.as('customerB') })).statusCode).toBe(404);
    const cancelled = await t.app.inject({ method: 'POST', url, headers: t.as('customerA') });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: agreement.id, status: 'ending', endsOn, renewsOn: endsOn });
    const plans = await t.app.db.select().from(servicePlans).where(inArray(servicePlans.id, planIds));
    expect(plans.map((plan) => plan.endDate)).toEqual([endsOn, endsOn]);
    const later = await t.app.db.select({ day: visits.scheduledDate }).from(visits).where(inArray(visits.planId, planIds));
    expect(later.every((visit) => visit.day <= endsOn)).toBe(true);
    expect(later.some((visit) => visit.day <= addBusinessDays(localToday(), 2))).toBe(true);

    const notice = await t.smtp.nextMailTo(STAFF);
    expect(notice.decoded).toContain('Customer A Properties gave notice');
    expect(notice.decoded).toContain('ManagerA Test <manager-a@example.com>');
    const again = await t.app.inject({ method: 'POST', url, headers: t.as('customerA') });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(cancelled.json());
    // The acceptance's notice and this one: no second notice for the repeat.
    expect(await outboxTo(t, STAFF)).toBe(2);

    // The notice is in the audit log once, by the signed-in user; the repeat added nothing.
    const [user] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, t.fixture.customerA.userEmail));
    expect(await auditRowsAbout(t, agreement.id)).toEqual([
      expect.objectContaining({
        kind: 'write',
        actorId: user!.id,
        actorRole: 'customer',
        action: 'agreement.cancel',
        targetType: 'agreements',
        outcome: 'ok',
        summary: `by=portal, endsOn=${endsOn}`,
      }),
    ]);
    expect(await auditWordsAbout(t, agreement.id)).toEqual([
      `ManagerA Test gave notice to cancel the service agreement of Customer A Properties, ending ${shortDateText(endsOn)}, from the portal`,
    ]);
  });

  it('refuses to cancel a fixed term that is still running, saying when it ends and renews', async () => {
    const agreement = await acceptedFor(t, '6-months');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/portal/agreements/${agreement.id}/cancel`,
      headers: t.as('customerA'),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toMatch(
      /^This is a 6-month agreement: it runs through \w+ \d+, \d{4}, then renews month to month on \w+ \d+, \d{4}, when it can be cancelled with 30 days’ notice\./,
    );
    const [after] = (await t.app.inject({ url: '/api/portal/agreements', headers: t.as('customerA') })).json<Agreement[]>();
    expect(after).toMatchObject({ status: 'active', endsOn: null });
    expect(await auditRowsAbout(t, agreement.id)).toEqual([]);
  });
});
