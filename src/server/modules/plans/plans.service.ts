import { asc, eq } from 'drizzle-orm';
import type { Plan, PlanInput } from '../../../shared/api/plans';
import { addDays, localToday } from '../../../shared/local-dates';
import { describeRrule, parseRrule, toRrule } from '../../../shared/recurrence';
import { inTransaction, type Executor } from '../../db/executor';
import { properties, servicePlans } from '../../db/schema';
import { NotFoundError, RequestError } from '../../errors';
import { idsThatAreNotCrew } from '../accounts';
import { lockPlan, makePlanVisits, removeUntouchedVisits, removeVisitsAfterEnd, type HorizonOptions } from './generation';
import { rruleProblem } from './recurrence';

type PlanRow = typeof servicePlans.$inferSelect;

/** `HH:MM:SS` from the database, `HH:MM` on the page. */
const hhmm = (time: string | null) => (time ? time.slice(0, 5) : null);

export function toPlan(row: PlanRow): Plan {
  const from = hhmm(row.windowStart);
  const to = hhmm(row.windowEnd);
  return {
    id: row.id,
    propertyId: row.propertyId,
    name: row.name,
    rrule: row.rrule,
    description: describeRrule(row.rrule),
    startDate: row.startDate,
    endDate: row.endDate,
    window: from && to ? { from, to } : null,
    checklist: row.checklist,
    crewUserIds: row.crewUserIds,
    instructions: row.instructions,
    generatedThrough: row.generatedThrough,
  };
}

/** The rules a plan's input must meet beyond its shape: a rule the library reads, and crew who are crew members. */
async function checkPlan(db: Executor, input: PlanInput): Promise<void> {
  const errors: Record<string, string> = {};
  const problem = rruleProblem(input.rrule);
  if (problem) errors.rrule = problem;
  const notCrew = await idsThatAreNotCrew(db, [...new Set(input.crewUserIds ?? [])]);
  if (notCrew.length) errors.crewUserIds = 'Assign only crew members: someone chosen is not (or no longer) on a crew';
  if (Object.keys(errors).length) throw new RequestError(400, Object.values(errors).join('; '), errors);
}

/** The rule in its one canonical spelling (checked before, so it parses). */
export function canonicalRrule(rrule: string): string {
  const parsed = parseRrule(rrule);
  return parsed.ok ? toRrule(parsed.recurrence) : rrule;
}

const planValues = (input: PlanInput) => ({
  name: input.name,
  rrule: canonicalRrule(input.rrule),
  startDate: input.startDate,
  endDate: input.endDate ?? null,
  windowStart: input.window?.from ?? null,
  windowEnd: input.window?.to ?? null,
  checklist: input.checklist,
  crewUserIds: [...new Set(input.crewUserIds ?? [])],
  instructions: input.instructions ?? '',
});

/** A property's plans, oldest first. */
export async function plansOfProperty(db: Executor, propertyId: string): Promise<Plan[]> {
  const rows = await db.select().from(servicePlans).where(eq(servicePlans.propertyId, propertyId)).orderBy(asc(servicePlans.createdAt));
  return rows.map(toPlan);
}

async function requireProperty(db: Executor, propertyId: string) {
  const [row] = await db.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId));
  if (!row) throw new NotFoundError();
}

/** Adds a plan to a property and makes its visits up to the horizon, in one transaction. */
export async function createPlan(db: Executor, propertyId: string, input: PlanInput, options: HorizonOptions): Promise<Plan> {
  await requireProperty(db, propertyId);
  await checkPlan(db, input);
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(servicePlans)
      .values({ ...planValues(input), propertyId })
      .returning();
    await lockPlan(tx, row!.id);
    await makePlanVisits(tx, row!.id, options);
    const [made] = await tx.select().from(servicePlans).where(eq(servicePlans.id, row!.id));
    return toPlan(made!);
  });
}

/**
 * Changes a plan: its untouched visits from today on (still scheduled, never customized) are
 * replaced by visits made from the new plan; past, worked and customized visits stay as they are.
 */
export async function updatePlan(db: Executor, planId: string, input: PlanInput, options: HorizonOptions): Promise<Plan> {
  await checkPlan(db, input);
  const today = options.today ?? localToday();
  return inTransaction(db, async (tx) => {
    await lockPlan(tx, planId);
    const [row] = await tx
      .update(servicePlans)
      .set({ ...planValues(input), updatedAt: new Date(), generatedThrough: null })
      .where(eq(servicePlans.id, planId))
      .returning();
    if (!row) throw new NotFoundError();
    // From tomorrow: today's visits may already be on a crew's phone, so they stay as they are
    // (the schedule can still move or change them one by one).
    await removeUntouchedVisits(tx, planId, addDays(today, 1));
    if (row.endDate) await removeVisitsAfterEnd(tx, planId, row.endDate, today);
    await makePlanVisits(tx, planId, { ...options, today });
    const [made] = await tx.select().from(servicePlans).where(eq(servicePlans.id, planId));
    return toPlan(made!);
  });
}

/** Ends a plan on a date (inclusive): its untouched visits after it are removed, and no more are made. */
export async function endPlan(db: Executor, planId: string, endDate: string, options: { today?: string } = {}): Promise<Plan> {
  return inTransaction(db, async (tx) => {
    await lockPlan(tx, planId);
    const [plan] = await tx.select().from(servicePlans).where(eq(servicePlans.id, planId));
    if (!plan) throw new NotFoundError();
    if (endDate < plan.startDate) {
      throw new RequestError(400, 'The end date cannot be before the plan’s start date', {
        endDate: `The end date cannot be before the plan’s start date (${plan.startDate})`,
      });
    }
    const [row] = await tx.update(servicePlans).set({ endDate, updatedAt: new Date() }).where(eq(servicePlans.id, planId)).returning();
    await removeVisitsAfterEnd(tx, planId, endDate, options.today);
    return toPlan(row!);
  });
}
