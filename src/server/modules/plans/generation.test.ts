import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { servicePlans, visitChecklistItems, visitEvents, visits } from '../../db/schema';
import { addDays, localToday } from '../../../shared/local-dates';
import type { PlanInput } from '../../../shared/api/plans';
import { createTestApp, testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { signInAs } from '#test/sign-in';
import { createTestVisit } from '#test/visits';
import { extendPlanHorizons, generatePlanVisits } from './generation';
import { markMissedVisits } from './missed-visits';
import { recordVisitEvent } from '../visits/visit-events';
import { planDatesBetween } from './recurrence';
import { createPlan, endPlan, updatePlan } from './plans.service';

const CHECKLIST = ['Pick up litter in parking areas', 'Empty exterior bins', 'Clear the dumpster corral'];
const weekdayOf = (localDate: string) => ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][new Date(`${localDate}T00:00:00Z`).getUTCDay()];

describe.each(testDatabases)('making visits from plans on %s', (kind) => {
  const t = testAppFor(kind);
  const horizon = { horizonWeeks: 8 };

  const plan = (overrides: Partial<PlanInput> = {}): PlanInput => ({
    name: 'Twice-weekly sweep',
    rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
    startDate: '2026-02-02',
    window: { from: '06:00', to: '10:00' },
    checklist: CHECKLIST,
    crewUserIds: [],
    instructions: 'Gate code 4410. Start with the north lot.',
    ...overrides,
  });

  const visitsOf = (planId: string) => t.app.db.select().from(visits).where(eq(visits.planId, planId)).orderBy(asc(visits.occurrenceDate));

  it('makes each visit up to the horizon once, copying the window, instructions, crew and checklist', async () => {
    const crew = await signInAs(t.app, 'crew');
    const made = await createPlan(t.app.db, t.fixture.customerA.propertyId, plan({ crewUserIds: [crew.userId] }), {
      ...horizon,
      today: '2026-03-02',
    });
    expect(made.generatedThrough).toBe('2026-04-27');
    const rows = await visitsOf(made.id);
    // 8 weeks of Mondays and Thursdays from 2026-03-02 through 2026-04-27 (inclusive): 16 + the last Monday.
    expect(rows).toHaveLength(17);
    expect(rows[0]!.scheduledDate).toBe('2026-03-02');
    expect(rows.at(-1)!.scheduledDate).toBe('2026-04-27');
    expect(rows.every((row) => ['MO', 'TH'].includes(weekdayOf(row.scheduledDate)!))).toBe(true);
    expect(rows[0]).toMatchObject({
      status: 'scheduled',
      windowStart: '06:00:00',
      windowEnd: '10:00:00',
      instructions: 'Gate code 4410. Start with the north lot.',
      crewUserIds: [crew.userId],
      occurrenceDate: '2026-03-02',
      customized: false,
    });
    const items = await t.app.db
      .select()
      .from(visitChecklistItems)
      .where(eq(visitChecklistItems.visitId, rows[0]!.id))
      .orderBy(visitChecklistItems.position);
    expect(items.map((item) => item.label)).toEqual(CHECKLIST);
    const events = await t.app.db.select().from(visitEvents).where(eq(visitEvents.visitId, rows[0]!.id));
    expect(events).toMatchObject([{ kind: 'created', actorId: null, detail: { planId: made.id, occurrenceDate: '2026-03-02' } }]);

    // Again, and again with the horizon job: nothing new.
    expect(await generatePlanVisits(t.app.db, made.id, { ...horizon, today: '2026-03-02' })).toBe(0);
    expect(await extendPlanHorizons(t.app.db, { ...horizon, today: '2026-03-02' })).toBe(0);
    expect(await visitsOf(made.id)).toHaveLength(17);
    const [{ n }] = (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(visitChecklistItems)) as [{ n: number }];
    expect(n).toBe(17 * 3);

    // A day later the horizon moves by one day: Tuesday 2026-04-28 is not a visit day, so nothing; by Thursday, one more.
    expect(await extendPlanHorizons(t.app.db, { ...horizon, today: '2026-03-03' })).toBe(0);
    expect(await extendPlanHorizons(t.app.db, { ...horizon, today: '2026-03-05' })).toBe(1);
    expect((await visitsOf(made.id)).at(-1)!.scheduledDate).toBe('2026-04-30');
  });

  it('makes no visit twice when two instances generate at the same moment', async () => {
    const second =
      kind === 'postgres' ? await openDatabase({ databaseUrl: t.database.url!, migrate: false }) : (t.database as typeof t.database);
    const other = await createTestApp(second);
    try {
      const [row] = await t.app.db
        .insert(servicePlans)
        .values({
          propertyId: t.fixture.customerA.propertyId,
          name: 'Daily-ish',
          rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU',
          startDate: '2026-03-01',
          checklist: CHECKLIST,
        })
        .returning();
      const options = { horizonWeeks: 8, today: '2026-03-01' };
      const runs = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          i % 2 ? generatePlanVisits(other.db, row!.id, options) : extendPlanHorizons(t.app.db, options),
        ),
      );
      // 2026-03-01 through 2026-04-26: 57 days, made by exactly one of the runs.
      expect(runs.reduce((sum, made) => sum + made, 0)).toBe(57);
      const rows = await visitsOf(row!.id);
      expect(rows).toHaveLength(57);
      expect(new Set(rows.map((visit) => visit.occurrenceDate)).size).toBe(57);
      const [{ items }] = (await t.app.db.select({ items: sql<number>`count(*)::int` }).from(visitChecklistItems)) as [{ items: number }];
      expect(items).toBe(57 * 3);
      const [{ events }] = (await t.app.db
        .select({ events: sql<number>`count(*)::int` })
        .from(visitEvents)
        .where(eq(visitEvents.kind, 'created'))) as [{ events: number }];
      expect(events).toBe(57);
    } finally {
      await other.close();
      if (second !== t.database) await second.close();
    }
  });

  it('replaces only untouched future visits when a plan changes', async () => {
    const propertyId = t.fixture.customerA.propertyId;
    // Made four weeks ago, so some visits are in the past by the time the plan changes.
    const made = await createPlan(t.app.db, propertyId, plan(), { ...horizon, today: '2026-02-02' });
    const at = async (date: string) => (await visitsOf(made.id)).find((visit) => visit.occurrenceDate === date)!;
    const set = async (date: string, values: Partial<typeof visits.$inferInsert>) =>
      t.app.db
        .update(visits)
        .set(values)
        .where(eq(visits.id, (await at(date)).id));
    await set('2026-02-05', { status: 'completed' });
    await set('2026-02-09', { status: 'skipped', skipReason: 'weather' });
    // 2026-02-12 is past and still scheduled (the missed job has not run): it is history, left alone.
    await set('2026-03-05', { status: 'in_progress' });
    await set('2026-03-09', { scheduledDate: '2026-03-10', customized: true });
    // A crew ticked an item on the 12th without checking in first: worked on, so it stays too.
    await t.app.db.insert(visitEvents).values({ visitId: (await at('2026-03-12')).id, kind: 'checklist_item', actorId: null, detail: {} });
    const before = await visitsOf(made.id);

    await updatePlan(t.app.db, made.id, plan({ rrule: 'FREQ=WEEKLY;BYDAY=TU,FR', instructions: 'New gate code 7731.', window: null }), {
      ...horizon,
      today: '2026-03-02',
    });
    const after = await visitsOf(made.id);
    const kept = (date: string) => {
      const old = before.find((visit) => visit.occurrenceDate === date)!;
      expect(
        after.find((visit) => visit.id === old.id),
        date,
      ).toEqual(old);
    };
    // Today's visit (Monday 2 March) may be on a crew's phone already: it stays as it was.
    for (const date of [
      '2026-02-02',
      '2026-02-05',
      '2026-02-09',
      '2026-02-12',
      '2026-02-26',
      '2026-03-02',
      '2026-03-05',
      '2026-03-09',
      '2026-03-12',
    ])
      kept(date);
    // The untouched Mondays and Thursdays from tomorrow on are gone; Tuesdays and Fridays came in their place.
    const future = after.filter(
      (visit) =>
        visit.occurrenceDate! > '2026-03-02' && !visit.customized && visit.status === 'scheduled' && visit.occurrenceDate !== '2026-03-12',
    );
    expect(future.length).toBeGreaterThan(10);
    expect(future.every((visit) => ['TU', 'FR'].includes(weekdayOf(visit.scheduledDate)!))).toBe(true);
    expect(future[0]).toMatchObject({ scheduledDate: '2026-03-03', instructions: 'New gate code 7731.', windowStart: null });
    expect(after.filter((visit) => visit.occurrenceDate! < '2026-03-02')).toHaveLength(
      before.filter((visit) => visit.occurrenceDate! < '2026-03-02').length,
    );
  });

  it('ends a plan: untouched visits after the end date go, worked and customized ones stay, and no more are made', async () => {
    const made = await createPlan(t.app.db, t.fixture.customerA.propertyId, plan({ startDate: '2026-03-02' }), {
      ...horizon,
      today: '2026-03-02',
    });
    const rows = await visitsOf(made.id);
    await t.app.db
      .update(visits)
      .set({ customized: true, crewUserIds: [] })
      .where(eq(visits.id, rows.at(-1)!.id));
    const ended = await endPlan(t.app.db, made.id, '2026-03-12');
    expect(ended.endDate).toBe('2026-03-12');
    const left = await visitsOf(made.id);
    expect(left.map((visit) => visit.scheduledDate)).toEqual([
      '2026-03-02',
      '2026-03-05',
      '2026-03-09',
      '2026-03-12',
      rows.at(-1)!.scheduledDate,
    ]);
    expect(await extendPlanHorizons(t.app.db, { ...horizon, today: '2026-03-03' })).toBe(0);
    await expect(endPlan(t.app.db, made.id, '2026-01-01')).rejects.toMatchObject({
      statusCode: 400,
      errors: { endDate: 'The end date cannot be before the plan’s start date (2026-03-02)' },
    });
  });

  it('ends a plan on a past date: visits since then that nobody worked go, missed ones too, or are skipped while a phone may still send work; worked, skipped and moved ones stay', async () => {
    const made = await createPlan(t.app.db, t.fixture.customerA.propertyId, plan({ startDate: '2026-03-02' }), {
      ...horizon,
      today: '2026-03-02',
    });
    const rows = await visitsOf(made.id);
    const on = (date: string) => rows.find((visit) => visit.scheduledDate === date)!.id;
    // Three weeks on, nobody recorded that the contract ended on March 5: the visits since were marked missed…
    expect(await markMissedVisits(t.app.db, new Date('2026-03-20T12:00:00-05:00'))).toBeGreaterThan(0);
    // …except one a crew did, one the office skipped and one it moved to another day.
    await t.app.db
      .update(visits)
      .set({ status: 'completed' })
      .where(eq(visits.id, on('2026-03-09')));
    await recordVisitEvent(t.app.db, { visitId: on('2026-03-09'), kind: 'checked_in', actorId: null });
    await t.app.db
      .update(visits)
      .set({ status: 'skipped', skipReason: 'weather' })
      .where(eq(visits.id, on('2026-03-12')));
    await recordVisitEvent(t.app.db, { visitId: on('2026-03-12'), kind: 'skipped', actorId: null });
    await t.app.db
      .update(visits)
      .set({ customized: true })
      .where(eq(visits.id, on('2026-03-16')));

    await endPlan(t.app.db, made.id, '2026-03-05', { today: '2026-03-20' });
    const left = await visitsOf(made.id);
    expect(left.map((visit) => [visit.scheduledDate, visit.status, visit.skipNote])).toEqual([
      ['2026-03-02', 'missed', null],
      ['2026-03-05', 'missed', null],
      ['2026-03-09', 'completed', null],
      ['2026-03-12', 'skipped', null],
      // Within the week a phone may still send work for: skipped, saying why, rather than gone.
      ['2026-03-16', 'missed', null],
      ['2026-03-19', 'skipped', 'The service plan ended on Thursday, March 5'],
    ]);
    const skipped = await t.app.db
      .select()
      .from(visitEvents)
      .where(eq(visitEvents.visitId, left.at(-1)!.id));
    expect(skipped.map((event) => [event.kind, event.actorId])).toContainEqual(['skipped', null]);
  });

  it('marks visits missed once their local day is over, and leaves today’s and finished ones alone', async () => {
    const propertyId = t.fixture.customerA.propertyId;
    const yesterday = addDays(localToday(), -1);
    const late = await createTestVisit(t.app.db, { propertyId, scheduledDate: yesterday });
    const started = await createTestVisit(t.app.db, { propertyId, scheduledDate: addDays(localToday(), -3), status: 'in_progress' });
    const today = await createTestVisit(t.app.db, { propertyId });
    const done = await createTestVisit(t.app.db, { propertyId, scheduledDate: yesterday, status: 'completed' });
    const skipped = await createTestVisit(t.app.db, { propertyId, scheduledDate: yesterday });
    await t.app.db.update(visits).set({ status: 'skipped', skipReason: 'holiday' }).where(eq(visits.id, skipped.id));

    expect(await markMissedVisits(t.app.db)).toBe(2);
    expect(await markMissedVisits(t.app.db)).toBe(0);
    const statusOf = async (id: string) => (await t.app.db.select().from(visits).where(eq(visits.id, id)))[0]!.status;
    expect(await statusOf(late.id)).toBe('missed');
    expect(await statusOf(started.id)).toBe('missed');
    expect(await statusOf(today.id)).toBe('scheduled');
    expect(await statusOf(done.id)).toBe('completed');
    expect(await statusOf(skipped.id)).toBe('skipped');
    const events = await t.app.db.select().from(visitEvents).where(eq(visitEvents.kind, 'missed'));
    expect(events.map((event) => event.visitId).sort()).toEqual([late.id, started.id].sort());
    expect(events.every((event) => event.actorId === null)).toBe(true);

    // A phone sends a start for yesterday's visit late: marked missed again, without a second event.
    await t.app.db.update(visits).set({ status: 'in_progress' }).where(eq(visits.id, late.id));
    expect(await markMissedVisits(t.app.db)).toBe(0);
    expect(await statusOf(late.id)).toBe('missed');
    expect(await t.app.db.select().from(visitEvents).where(eq(visitEvents.kind, 'missed'))).toHaveLength(2);
  });

  it('marks a visit missed at midnight in Milwaukee, across both daylight-saving changes', async () => {
    const propertyId = t.fixture.customerA.propertyId;
    // Saturday 7 March 2026 ends at 06:00 UTC (CST); Saturday 31 October ends at 05:00 UTC (CDT).
    for (const [day, lastMinute, firstMinute] of [
      ['2026-03-07', '2026-03-08T05:59:00Z', '2026-03-08T06:01:00Z'],
      ['2026-10-31', '2026-11-01T04:59:00Z', '2026-11-01T05:01:00Z'],
    ] as const) {
      const visit = await createTestVisit(t.app.db, { propertyId, scheduledDate: day });
      expect(await markMissedVisits(t.app.db, new Date(lastMinute)), `${day} at 23:59`).toBe(0);
      expect(await markMissedVisits(t.app.db, new Date(firstMinute)), `${day} just after midnight`).toBe(1);
      expect((await t.app.db.select().from(visits).where(eq(visits.id, visit.id)))[0]!.status).toBe('missed');
    }
  });

  it('runs both jobs when an instance starts: missed visits marked, plans extended to the horizon', async () => {
    const propertyId = t.fixture.customerA.propertyId;
    const late = await createTestVisit(t.app.db, { propertyId, scheduledDate: addDays(localToday(), -2) });
    const [row] = await t.app.db
      .insert(servicePlans)
      .values({ propertyId, name: 'Saturdays', rrule: 'FREQ=WEEKLY;BYDAY=SA', startDate: localToday(), checklist: CHECKLIST })
      .returning();
    const restarted = await createTestApp(t.database, {}, { VISIT_HORIZON_WEEKS: '4' });
    try {
      const [visit] = await t.app.db.select().from(visits).where(eq(visits.id, late.id));
      expect(visit!.status).toBe('missed');
      const expected = planDatesBetween(
        { rrule: 'FREQ=WEEKLY;BYDAY=SA', startDate: localToday() },
        localToday(),
        addDays(localToday(), 28),
      );
      expect(expected.length).toBeGreaterThanOrEqual(4);
      expect((await visitsOf(row!.id)).map((visit) => visit.scheduledDate)).toEqual(expected);
    } finally {
      await restarted.close();
    }
  });
});
