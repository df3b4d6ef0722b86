import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { properties, servicePlans, siteIssues, visits } from '../../db/schema';
import type { Plan, PropertyVisits } from '../../../shared/api/plans';
import type { PropertyDetail } from '../../../shared/api/properties';
import { addDays, localToday } from '../../../shared/local-dates';
import { testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { signInAs } from '#test/sign-in';
import { createTestVisit } from '#test/visits';

const json = { 'content-type': 'application/json' };
const CHECKLIST = ['Pick up litter in parking areas', 'Empty exterior bins', 'Clear the dumpster corral'];

describe.each(testDatabases)('service plans and the property page on %s', (kind) => {
  const t = testAppFor(kind);
  const call = (method: string, url: string, body?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...(body === undefined ? {} : json), ...t.as('staff') },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  const property = () => t.fixture.customerA.propertyId;
  const today = localToday();
  const planBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'Twice-weekly sweep',
    rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
    startDate: today,
    window: { from: '06:00', to: '10:00' },
    checklist: CHECKLIST,
    instructions: 'Gate code 4410.',
    ...overrides,
  });
  const count = async (table: typeof servicePlans | typeof visits) =>
    ((await t.app.db.select({ n: sql<number>`count(*)::int` }).from(table)) as [{ n: number }])[0].n;

  it('creates a plan, makes its visits at once, and shows both on the property page', async () => {
    const crew = await signInAs(t.app, 'crew');
    const created = await call(
      'POST',
      `/api/admin/properties/${property()}/plans`,
      planBody({ crewUserIds: [crew.userId], rrule: 'freq=weekly;byday=th,mo' }),
    );
    expect(created.statusCode).toBe(201);
    const plan = created.json<Plan>();
    expect(plan).toMatchObject({
      name: 'Twice-weekly sweep',
      rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
      description: 'Every Monday and Thursday',
      startDate: today,
      endDate: null,
      window: { from: '06:00', to: '10:00' },
      checklist: CHECKLIST,
      crewUserIds: [crew.userId],
      generatedThrough: addDays(today, 56),
    });

    const detail = (await call('GET', `/api/admin/properties/${property()}`)).json<PropertyDetail>();
    expect(detail.property).toMatchObject({ id: property(), customerName: 'Customer A Properties' });
    expect(detail.plans).toEqual([plan]);
    expect(detail.location).toBeNull();
    expect(detail.mapsLink).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect((await call('GET', `/api/admin/properties/${property()}/plans`)).json()).toEqual([plan]);

    const listed = (await call('GET', `/api/admin/properties/${property()}/visits`)).json<PropertyVisits>();
    expect(listed.recent).toEqual([]);
    expect(listed.upcoming.length).toBeGreaterThanOrEqual(16);
    expect(listed.upcoming[0]).toMatchObject({
      status: 'scheduled',
      planId: plan.id,
      planName: 'Twice-weekly sweep',
      window: { from: '06:00', to: '10:00' },
      crew: [{ id: crew.userId, name: crew.email }],
      customized: false,
    });
    expect(listed.upcoming.every((visit) => visit.scheduledDate >= today)).toBe(true);
  });

  it('refuses bad plans with a message on each field, and stores nothing', async () => {
    const office = await signInAs(t.app, 'office');
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ name: ' ' }, { name: 'Plan name is required' }],
      [{ rrule: 'FREQ=DAILY' }, { rrule: 'Plans repeat weekly or monthly (FREQ=WEEKLY or FREQ=MONTHLY), not DAILY' }],
      [
        { rrule: 'FREQ=WEEKLY;BYDAY=MO;UNTIL=20261231' },
        { rrule: expect.stringContaining('UNTIL is not supported (use the plan’s end date instead)') },
      ],
      [{ startDate: '2026-02-30' }, { startDate: 'Start date must be a date such as 2026-03-02' }],
      [{ endDate: addDays(today, -1) }, { endDate: 'The end date cannot be before the start date' }],
      [{ window: { from: '10:00', to: '06:00' } }, { window: 'The window must end after it starts' }],
      [{ window: { from: '6am', to: '10:00' } }, { window: 'The window’s start must be a time such as 06:00' }],
      [{ checklist: [] }, { checklist: 'Add at least one checklist item' }],
      [{ checklist: ['Empty exterior bins', '  '] }, { checklist: 'Checklist items cannot be empty' }],
      [{ checklist: ['x'.repeat(121)] }, { checklist: 'Checklist items must be at most 120 characters' }],
      [{ crewUserIds: ['not-an-id'] }, { crewUserIds: 'Choose crew members from the list' }],
      [{ crewUserIds: [office.userId] }, { crewUserIds: 'Assign only crew members: someone chosen is not (or no longer) on a crew' }],
    ];
    for (const [overrides, errors] of cases) {
      const response = await call('POST', `/api/admin/properties/${property()}/plans`, planBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json(), JSON.stringify(overrides)).toMatchObject({ message: expect.any(String), errors });
    }
    expect(await count(servicePlans)).toBe(0);
    expect(await count(visits)).toBe(0);
    expect((await call('POST', '/api/admin/properties/00000000-0000-4000-8000-000000000000/plans', planBody())).statusCode).toBe(404);
  });

  it('edits a plan: its future untouched visits follow, a bad edit changes nothing', async () => {
    const plan = (await call('POST', `/api/admin/properties/${property()}/plans`, planBody())).json<Plan>();
    const before = await t.app.db.select().from(visits).where(eq(visits.planId, plan.id));
    // Staff moved one visit: it is customized and must survive the edit.
    await t.app.db.update(visits).set({ customized: true }).where(eq(visits.id, before[1]!.id));

    const bad = await call('PATCH', `/api/admin/plans/${plan.id}`, planBody({ rrule: 'FREQ=WEEKLY' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { rrule: 'Choose at least one weekday (BYDAY=MO,TH)' } });
    expect((await t.app.db.select().from(visits).where(eq(visits.planId, plan.id))).map((visit) => visit.id).sort()).toEqual(
      before.map((visit) => visit.id).sort(),
    );

    const edited = await call(
      'PATCH',
      `/api/admin/plans/${plan.id}`,
      planBody({ rrule: 'FREQ=MONTHLY;BYDAY=+2WE', window: null, name: 'Monthly check' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Plan>()).toMatchObject({ description: 'Monthly on the second Wednesday', window: null, name: 'Monthly check' });
    const after = await t.app.db.select().from(visits).where(eq(visits.planId, plan.id));
    expect(after.find((visit) => visit.id === before[1]!.id)).toBeTruthy();
    // Today's visit, if the plan has one, may be on a crew's phone: it stays as it was.
    const today = localToday();
    for (const visit of before.filter((v) => v.scheduledDate === today)) expect(after.map((v) => v.id)).toContain(visit.id);
    const remade = after.filter((visit) => !visit.customized && visit.scheduledDate > today);
    expect(remade.length).toBeGreaterThanOrEqual(1);
    expect(remade.length).toBeLessThanOrEqual(3);
    expect(remade.every((visit) => visit.windowStart === null && new Date(`${visit.scheduledDate}T00:00:00Z`).getUTCDay() === 3)).toBe(
      true,
    );
    expect((await call('PATCH', '/api/admin/plans/00000000-0000-4000-8000-000000000000', planBody())).statusCode).toBe(404);
  });

  it('ends a plan on a date, removing its untouched visits after it', async () => {
    const plan = (await call('POST', `/api/admin/properties/${property()}/plans`, planBody())).json<Plan>();
    const endDate = addDays(today, 14);
    const bad = await call('POST', `/api/admin/plans/${plan.id}/end`, { endDate: addDays(today, -1) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { endDate: `The end date cannot be before the plan’s start date (${today})` } });
    expect((await call('POST', `/api/admin/plans/${plan.id}/end`, { endDate: 'soon' })).json()).toMatchObject({
      errors: { endDate: 'End date must be a date such as 2026-03-02' },
    });
    expect((await t.app.db.select().from(servicePlans))[0]!.endDate).toBeNull();

    const ended = await call('POST', `/api/admin/plans/${plan.id}/end`, { endDate });
    expect(ended.statusCode).toBe(200);
    expect(ended.json<Plan>().endDate).toBe(endDate);
    const left = await t.app.db.select().from(visits).where(eq(visits.planId, plan.id));
    expect(left.length).toBeGreaterThanOrEqual(4);
    expect(left.every((visit) => visit.scheduledDate <= endDate)).toBe(true);
  });

  it('sets the location by typing or from a device, with ranges checked', async () => {
    const url = `/api/admin/properties/${property()}/location`;
    for (const [body, errors] of [
      [{ lat: 91, lng: -88, source: 'typed' }, { lat: 'Latitude must be between -90 and 90' }],
      [{ lat: 43, lng: -181, source: 'typed' }, { lng: 'Longitude must be between -180 and 180' }],
      [{ lat: '43.0', lng: -88, source: 'typed' }, { lat: 'Latitude must be a number' }],
      [{ lat: 43, lng: -88, source: 'gps' }, { source: 'Say where the location came from: typed or device' }],
    ] as const) {
      const response = await call('PUT', url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toMatchObject({ errors });
    }
    expect((await call('GET', `/api/admin/properties/${property()}`)).json<PropertyDetail>().location).toBeNull();

    expect((await call('PUT', url, { lat: 43.0389, lng: -87.9065, source: 'typed' })).json()).toEqual({
      lat: 43.0389,
      lng: -87.9065,
      source: 'typed',
    });
    await call('PUT', url, { lat: 43.01171, lng: -88.23148, source: 'device' });
    const detail = (await call('GET', `/api/admin/properties/${property()}`)).json<PropertyDetail>();
    expect(detail.location).toEqual({ lat: 43.01171, lng: -88.23148, source: 'device' });
    expect(detail.mapsLink).toBe('https://www.google.com/maps/search/?api=1&query=43.01171%2C-88.23148');
    expect(
      (await call('PUT', '/api/admin/properties/00000000-0000-4000-8000-000000000000/location', { lat: 1, lng: 1, source: 'typed' }))
        .statusCode,
    ).toBe(404);
  });

  it('confirms or dismisses the location a crew check-in proposed', async () => {
    const visit = await createTestVisit(t.app.db, { propertyId: property() });
    const propose = () =>
      t.app.db
        .update(properties)
        .set({ proposedLatitude: 43.0117, proposedLongitude: -88.2315, proposedByVisitId: visit.id })
        .where(eq(properties.id, property()));
    await propose();
    const proposed = (await call('GET', `/api/admin/properties/${property()}`)).json<PropertyDetail>();
    expect(proposed.location).toBeNull();
    expect(proposed.proposedLocation).toEqual({ lat: 43.0117, lng: -88.2315, visitId: visit.id });

    const stale = await call('POST', `/api/admin/properties/${property()}/location/confirm`, { lat: 43.5, lng: -88.2315 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('A newer check-in proposed another location: look at it again before confirming');
    const confirmed = await call('POST', `/api/admin/properties/${property()}/location/confirm`, { lat: 43.0117, lng: -88.2315 });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ lat: 43.0117, lng: -88.2315, source: 'check-in' });
    const after = (await call('GET', `/api/admin/properties/${property()}`)).json<PropertyDetail>();
    expect(after.proposedLocation).toBeNull();
    expect(after.location).toEqual({ lat: 43.0117, lng: -88.2315, source: 'check-in' });

    const again = await call('POST', `/api/admin/properties/${property()}/location/confirm`, { lat: 43.0117, lng: -88.2315 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('There is no proposed location to confirm: it may have been confirmed or dismissed already');

    await propose();
    expect((await call('DELETE', `/api/admin/properties/${property()}/location/proposal`)).statusCode).toBe(204);
    const dismissed = (await call('GET', `/api/admin/properties/${property()}`)).json<PropertyDetail>();
    expect(dismissed.proposedLocation).toBeNull();
    expect(dismissed.location).toEqual({ lat: 43.0117, lng: -88.2315, source: 'check-in' });
  });

  it('lists recent visits newest first with their flags, and only this property’s', async () => {
    const crew = await signInAs(t.app, 'crew');
    const lastWeek = await createTestVisit(t.app.db, {
      propertyId: property(),
      scheduledDate: addDays(today, -7),
      status: 'completed',
      crewUserIds: [crew.userId],
    });
    await t.app.db.update(visits).set({ checkInLocationStatus: 'away', checkInDistanceMeters: 2012.5 }).where(eq(visits.id, lastWeek.id));
    await t.app.db.insert(siteIssues).values({ visitId: lastWeek.id, issueType: 'illegal_dumping', note: 'Mattress by the east bins' });
    const yesterday = await createTestVisit(t.app.db, { propertyId: property(), scheduledDate: addDays(today, -1) });
    await t.app.db.update(visits).set({ status: 'skipped', skipReason: 'weather', skipNote: null }).where(eq(visits.id, yesterday.id));
    await createTestVisit(t.app.db, { propertyId: property(), scheduledDate: addDays(today, -60), status: 'completed' });
    await createTestVisit(t.app.db, { propertyId: t.fixture.customerB.propertyId, scheduledDate: addDays(today, -2) });

    const listed = (await call('GET', `/api/admin/properties/${property()}/visits`)).json<PropertyVisits>();
    expect(listed.recent.map((visit) => visit.id)).toEqual([yesterday.id, lastWeek.id]);
    expect(listed.recent[0]).toMatchObject({ status: 'skipped', skipReason: 'weather', planId: null, planName: null });
    expect(listed.recent[1]).toMatchObject({
      status: 'completed',
      checkInLocationStatus: 'away',
      checkInDistanceMeters: 2012.5,
      issueCount: 1,
      photoCount: 0,
      crew: [{ id: crew.userId, name: crew.email }],
    });
    expect((await call('GET', '/api/admin/properties/00000000-0000-4000-8000-000000000000/visits')).statusCode).toBe(404);
  });
});
