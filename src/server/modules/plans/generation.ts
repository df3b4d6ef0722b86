import { and, eq, gt, gte, inArray, isNull, lt, not, or, sql } from 'drizzle-orm';
import { inTransaction, type Executor } from '../../db/executor';
import { servicePlans, visitChecklistItems, visitEvents, visits } from '../../db/schema';
import { addDays, localDateText, localToday } from '../../../shared/local-dates';
import { CREW_LOOKBACK_DAYS, SKIP_REASON_LABELS } from '../../../shared/visits';
import { recordVisitEvent } from '../visits';
import { planDatesBetween } from './recurrence';

/**
 * Making a plan's visits ahead of time (docs/decisions/006-plans-and-visits.md). Every write to
 * a plan's visits runs in a transaction that first takes the plan's advisory lock, so two
 * instances (or the horizon job and a staff edit) never interleave; and `unique (plan_id,
 * occurrence_date)` with `on conflict do nothing` makes making them twice a no-op.
 */

/** The first key of the plans' advisory locks (any fixed number; the second key is the plan id's hash). */
const PLAN_LOCK_CLASS = 727_953_011;

export interface HorizonOptions {
  /** Visits are made this many weeks ahead of today. */
  horizonWeeks: number;
  /** Today's local date (America/Chicago); the real today unless a caller (a test, the demo seed) says otherwise. */
  today?: string;
  /** Who caused it: the staff member editing the plan, or null for the horizon job and imports. */
  actorId?: string | null;
}

/** Holds the plan's lock until the calling transaction ends. */
export async function lockPlan(tx: Executor, planId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PLAN_LOCK_CLASS}::int, hashtext(${planId}))`);
}

/**
 * Makes the plan's visits from today to the horizon that do not exist yet, each with the
 * plan's window, instructions, crew and checklist, and a `created` event. Call it in a
 * transaction holding the plan's lock. Answers how many it made.
 */
export async function makePlanVisits(tx: Executor, planId: string, options: HorizonOptions): Promise<number> {
  const today = options.today ?? localToday();
  const through = addDays(today, options.horizonWeeks * 7);
  const [plan] = await tx.select().from(servicePlans).where(eq(servicePlans.id, planId));
  if (!plan) return 0;
  const dates = planDatesBetween(plan, today, through);
  let made: Array<{ id: string; occurrenceDate: string | null }> = [];
  if (dates.length) {
    made = await tx
      .insert(visits)
      .values(
        dates.map((date) => ({
          propertyId: plan.propertyId,
          planId: plan.id,
          occurrenceDate: date,
          scheduledDate: date,
          windowStart: plan.windowStart,
          windowEnd: plan.windowEnd,
          instructions: plan.instructions,
          crewUserIds: plan.crewUserIds,
        })),
      )
      .onConflictDoNothing({ target: [visits.planId, visits.occurrenceDate] })
      .returning({ id: visits.id, occurrenceDate: visits.occurrenceDate });
  }
  if (made.length && plan.checklist.length) {
    await tx
      .insert(visitChecklistItems)
      .values(made.flatMap((visit) => plan.checklist.map((label, position) => ({ visitId: visit.id, position, label }))));
  }
  if (made.length) {
    await tx.insert(visitEvents).values(
      made.map((visit) => ({
        visitId: visit.id,
        kind: 'created' as const,
        actorId: options.actorId ?? null,
        detail: { planId: plan.id, occurrenceDate: visit.occurrenceDate },
      })),
    );
  }
  if (!plan.generatedThrough || plan.generatedThrough < through) {
    await tx.update(servicePlans).set({ generatedThrough: through }).where(eq(servicePlans.id, plan.id));
  }
  return made.length;
}

/**
 * A visit nobody has touched: still `scheduled`, never customized by staff, and with nothing on its
 * timeline but its making (a crew's tick, issue or photo, or a staff change, each writes an event).
 */
const untouched = and(
  eq(visits.status, 'scheduled'),
  eq(visits.customized, false),
  sql`not exists (select 1 from ${visitEvents} where ${visitEvents.visitId} = ${visits.id} and ${visitEvents.kind} <> 'created')`,
);

/**
 * The plan's visits a plan edit may replace: made from it, dated `from` or later, and untouched.
 * Past, started, completed, skipped, missed, customized and worked-on visits are left alone. Call it
 * in a transaction holding the plan's lock.
 */
export async function removeUntouchedVisits(tx: Executor, planId: string, from: string): Promise<number> {
  const removed = await tx
    .delete(visits)
    .where(and(eq(visits.planId, planId), untouched, gte(visits.scheduledDate, from)))
    .returning({ id: visits.id });
  return removed.length;
}

/** Makes a plan's missing visits up to the horizon, in its own locked transaction. */
export async function generatePlanVisits(db: Executor, planId: string, options: HorizonOptions): Promise<number> {
  return inTransaction(db, async (tx) => {
    await lockPlan(tx, planId);
    return makePlanVisits(tx, planId, options);
  });
}

/**
 * The horizon job's work: every plan still running whose visits stop short of the horizon
 * gets the missing ones, each plan in its own transaction. Answers how many visits it made.
 */
export async function extendPlanHorizons(db: Executor, options: HorizonOptions): Promise<number> {
  const today = options.today ?? localToday();
  const through = addDays(today, options.horizonWeeks * 7);
  const due = await db
    .select({ id: servicePlans.id })
    .from(servicePlans)
    .where(
      and(
        or(isNull(servicePlans.endDate), gte(servicePlans.endDate, today)),
        or(isNull(servicePlans.generatedThrough), lt(servicePlans.generatedThrough, through)),
      ),
    );
  let made = 0;
  for (const plan of due) made += await generatePlanVisits(db, plan.id, { ...options, today });
  return made;
}

/**
 * A visit nobody worked: scheduled, or marked missed by the server alone, never customized, and
 * with nothing on its timeline but its making and that mark.
 */
const neverWorked = and(
  inArray(visits.status, ['scheduled', 'missed']),
  eq(visits.customized, false),
  sql`not exists (select 1 from ${visitEvents} where ${visitEvents.visitId} = ${visits.id} and ${visitEvents.kind} not in ('created', 'missed'))`,
);

/**
 * Ending a plan: its visits after the end date that nobody worked go, so a plan ended on a past
 * date (the office recording a contract that ended last week) leaves no "missed" visits behind.
 * Past ones a phone could still send work for (the crew's last CREW_LOOKBACK_DAYS days) are
 * skipped instead, saying why, so late work is refused with a reason rather than lost to a
 * visit that vanished. Visits worked, skipped or changed by staff stay. Call it in a locked
 * transaction. Answers how many visits it removed.
 */
export async function removeVisitsAfterEnd(tx: Executor, planId: string, endDate: string, today: string = localToday()): Promise<number> {
  const afterEnd = and(eq(visits.planId, planId), neverWorked, gt(visits.scheduledDate, endDate));
  const phonesMaySend = and(gte(visits.scheduledDate, addDays(today, -CREW_LOOKBACK_DAYS)), lt(visits.scheduledDate, today));
  const skipped = await tx
    .update(visits)
    .set({
      status: 'skipped',
      skipReason: 'other',
      skipNote: `The service plan ended on ${localDateText(endDate)}`,
      updatedAt: new Date(),
    })
    .where(and(afterEnd, phonesMaySend))
    .returning({ id: visits.id, status: visits.status });
  for (const visit of skipped) {
    await recordVisitEvent(tx, {
      visitId: visit.id,
      kind: 'skipped',
      actorId: null,
      detail: { reason: 'other', reasonLabel: SKIP_REASON_LABELS.other, planEnded: endDate },
    });
  }
  const removed = await tx
    .delete(visits)
    .where(and(afterEnd, not(phonesMaySend!)))
    .returning({ id: visits.id });
  return removed.length;
}
