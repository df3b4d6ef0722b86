import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../db/database';
import { agreementLines, customers, estimates, serviceAgreements, servicePlans, users, visits } from '../../db/schema';
import type { MailContext } from '../mail';
import { diskStorage } from '../photos/photo-store';
import { emptyTables, testDatabaseFor, testDatabases } from '#test/database';
import { createTestEstimate, greenfieldStation, THREE_SITES, type TestEstimate } from '#test/estimates';
import { acceptedEstimateHash, acceptSentEstimate, hashedVersion, type AcceptedChoices, type HashedVersion } from './estimate-responses';

const mailContext = (): MailContext => ({
  appUrl: new URL('https://lakeshorelotcare.example'),
  staffNotifyEmails: ['office@lakeshorelotcare.com'],
  queued: vi.fn(),
});

describe('acceptedEstimateHash', () => {
  const row = {
    number: 1001,
    version: 2,
    companyName: 'Lakefront Retail Partners',
    contactName: 'Dana Ruiz',
    email: 'dana.ruiz@lakefrontretail.example',
    note: 'Sweeps before 7 a.m.',
    termsOffered: ['month-to-month', '12-months'],
    termDiscounts: { 'month-to-month': 0, '12-months': 1000 },
    proposedStartDate: '2027-01-11',
    validUntil: '2027-02-07',
  } as unknown as Parameters<typeof hashedVersion>[0];
  const line = (id: string, unitPriceCents: number, optional = false) => ({
    id,
    estimatePropertyId: 'site-1',
    position: 0,
    serviceId: null,
    name: 'Parking Lot Cleaning',
    description: '',
    unit: 'visit' as const,
    unitPriceCents,
    taxClass: 'exempt' as const,
    rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
    optional,
    checklist: [],
  });
  const site = {
    id: 'site-1',
    estimateId: 'estimate-1',
    position: 0,
    propertyId: null,
    name: 'Harbor Point Plaza',
    address: '2100 S Kinnickinnic Ave',
    city: 'Milwaukee',
    state: 'WI',
    zipCode: '53207',
    propertyType: 'Retail Center',
    parkingSpaces: 180,
    squareFeet: null,
    taxJurisdiction: 'milwaukee-city' as const,
    taxRateBp: 790,
    crewUserIds: [],
    lines: [line('line-1', 8500), line('line-2', 6000, true), line('line-3', 4000, true)],
  };
  const version: HashedVersion = hashedVersion(row, [site]);
  const choices: AcceptedChoices = { term: '12-months', optionalLineIds: ['line-2', 'line-3'], poNumbers: { 'site-1': 'PO-4471' } };
  const hash = acceptedEstimateHash(version, choices);

  it('is the SHA-256 hex of the version and the choices, the same for the same content in any key or option order', () => {
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(acceptedEstimateHash(structuredClone(version), { ...choices, optionalLineIds: ['line-3', 'line-2'] })).toBe(hash);
    const reordered = Object.fromEntries(Object.entries(version).reverse()) as HashedVersion;
    expect(
      acceptedEstimateHash(reordered, { poNumbers: choices.poNumbers, optionalLineIds: choices.optionalLineIds, term: choices.term }),
    ).toBe(hash);
  });

  it('changes with any price, date, discount, line or choice', () => {
    const variants: HashedVersion[] = [
      hashedVersion(row, [{ ...site, lines: [line('line-1', 8501), ...site.lines.slice(1)] }]),
      hashedVersion(row, [{ ...site, lines: site.lines.slice(0, 2) }]),
      hashedVersion(row, [{ ...site, taxRateBp: 590 }]),
      hashedVersion({ ...row, validUntil: '2027-02-08' }, [site]),
      hashedVersion({ ...row, termDiscounts: { 'month-to-month': 0, '12-months': 900 } }, [site]),
      hashedVersion({ ...row, version: 3 }, [site]),
    ];
    for (const variant of variants) expect(acceptedEstimateHash(variant, choices)).not.toBe(hash);
    for (const other of [
      { ...choices, term: 'month-to-month' as const },
      { ...choices, optionalLineIds: ['line-2'] },
      { ...choices, poNumbers: { 'site-1': 'PO-4472' } },
      { ...choices, poNumbers: {} },
    ]) {
      expect(acceptedEstimateHash(version, other)).not.toBe(hash);
    }
  });
});

/** Friday, January 8, 2027, 9 a.m. in Milwaukee. */
const FRIDAY_MORNING = new Date('2027-01-08T15:00:00Z');

describe.each(testDatabases)('accepting an estimate on %s', (kind) => {
  const t = testDatabaseFor(kind);
  afterEach(() => emptyTables(t.database));

  // These estimates show no photos: the store is never read.
  const storage = diskStorage(mkdtempSync(path.join(tmpdir(), 'estimate-photos-')));
  const accept = (estimate: TestEstimate, db = t.database.db, mail = mailContext()) =>
    acceptSentEstimate(db, storage, mail, {
      access: { by: 'link', token: estimate.token },
      input: {
        term: '12-months',
        optionalLineIds: [],
        poNumbers: {},
        name: 'Dana Ruiz',
        title: 'Property Manager',
        agree: true,
      },
      horizonWeeks: 8,
      ip: '198.51.100.20',
      userAgent: 'Mozilla/5.0',
      now: FRIDAY_MORNING,
    });

  it('after an acceptance on a Friday, has a first visit at every property by Tuesday, with the proposed crew', async () => {
    const { db } = t.database;
    const [crew] = await db.insert(users).values({ email: 'rosa@lakeshorelotcare.com', firstName: 'Rosa', role: 'crew' }).returning();
    const sites = THREE_SITES.map((site) => ({ ...site, crewUserIds: [crew!.id] }));
    const estimate = await createTestEstimate(db, { sites, proposedStartDate: '2027-01-04', validUntil: '2027-02-05' });
    const mail = mailContext();
    const page = await accept(estimate, db, mail);
    expect(page.status).toBe('accepted');
    expect(mail.queued).toHaveBeenCalledTimes(1);

    const [row] = await db.select().from(estimates).where(eq(estimates.id, estimate.id));
    const firstVisits = await db
      .select({ propertyId: visits.propertyId, day: visits.scheduledDate, planId: visits.planId, crew: visits.crewUserIds })
      .from(visits)
      .orderBy(visits.scheduledDate);
    const [agreement] = await db.select().from(serviceAgreements).where(eq(serviceAgreements.estimateId, estimate.id));
    expect(agreement).toMatchObject({ customerId: row!.customerId, startDate: '2027-01-09', termEndDate: '2028-01-08' });
    const byProperty = new Map<string, string>();
    for (const visit of firstVisits) if (!byProperty.has(visit.propertyId)) byProperty.set(visit.propertyId, visit.day);
    expect(byProperty.size).toBe(3);
    // Saturday to Tuesday: Harbor Point's Monday sweep (and its initial cleanup that day), Brookfield's Tuesday one,
    // and at Oak Creek, swept on Wednesdays, a visit on Tuesday to keep the promise.
    expect([...byProperty.values()].sort()).toEqual(['2027-01-11', '2027-01-12', '2027-01-12']);
    for (const day of byProperty.values()) expect(day <= '2027-01-12').toBe(true);
    const oneOff = firstVisits.filter((visit) => visit.planId === null);
    expect(oneOff.map((visit) => visit.day)).toEqual(['2027-01-11', '2027-01-12']);
    for (const visit of firstVisits) expect(visit.crew).toEqual([crew!.id]);
    const plans = await db.select().from(servicePlans);
    expect(plans.every((plan) => plan.startDate === '2027-01-09' && plan.crewUserIds[0] === crew!.id)).toBe(true);
  });

  it('gives services on the same days at a property one plan, so the crew comes once on those days and does all of them', async () => {
    const { db } = t.database;
    const site = greenfieldStation([
      {
        name: 'Parking Lot Cleaning',
        unit: 'visit',
        unitPriceCents: 8500,
        rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
        checklist: ['Sweep the parking rows'],
      },
      {
        name: 'Trash Receptacle Maintenance',
        unit: 'visit',
        unitPriceCents: 2500,
        rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
        checklist: ['Empty and reline the bins', 'Sweep the parking rows'],
      },
      { name: 'Dumpster & Waste Areas', unit: 'visit', unitPriceCents: 4000, rrule: 'FREQ=WEEKLY;BYDAY=FR' },
    ]);
    const estimate = await createTestEstimate(db, { sites: [site], proposedStartDate: '2027-01-04', validUntil: '2027-02-05' });
    expect((await accept(estimate, db)).status).toBe('accepted');

    const plans = await db.select().from(servicePlans).orderBy(servicePlans.rrule);
    expect(plans.map((plan) => [plan.name, plan.rrule, plan.checklist])).toEqual([
      ['Dumpster & Waste Areas', 'FREQ=WEEKLY;BYDAY=FR', expect.any(Array)],
      [
        'Parking Lot Cleaning + Trash Receptacle Maintenance',
        'FREQ=WEEKLY;BYDAY=MO,TH',
        ['Sweep the parking rows', 'Empty and reline the bins'],
      ],
    ]);
    const lines = await db.select({ name: agreementLines.name, planId: agreementLines.planId }).from(agreementLines);
    const planOf = new Map(lines.map((line) => [line.name, line.planId]));
    expect(planOf.get('Parking Lot Cleaning')).toBe(plans[1]!.id);
    expect(planOf.get('Trash Receptacle Maintenance')).toBe(plans[1]!.id);
    expect(planOf.get('Dumpster & Waste Areas')).toBe(plans[0]!.id);
    // One visit a day at the site, whichever of its services are due.
    const days = await db.select({ day: visits.scheduledDate, n: count() }).from(visits).groupBy(visits.scheduledDate);
    expect(days.length).toBeGreaterThan(10);
    expect(days.every((day) => day.n === 1)).toBe(true);
  });

  it('accepts once when two connections accept at the same moment: one customer, one agreement, the same answer', async () => {
    const { db } = t.database;
    const estimate = await createTestEstimate(db, { proposedStartDate: '2027-01-04', validUntil: '2027-02-05' });
    // On PostgreSQL, a second pool: the two acceptances run on two connections and meet at the row lock.
    const second = kind === 'postgres' ? await openDatabase({ databaseUrl: t.database.url! }) : null;
    try {
      const [one, two] = await Promise.all([accept(estimate, db), accept(estimate, second?.db ?? db)]);
      expect(two).toEqual(one);
    } finally {
      await second?.close();
    }
    expect((await db.select({ n: count() }).from(customers))[0]!.n).toBe(1);
    expect((await db.select({ n: count() }).from(serviceAgreements))[0]!.n).toBe(1);
  });
});
