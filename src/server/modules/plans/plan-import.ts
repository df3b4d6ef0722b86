import { and, eq } from 'drizzle-orm';
import type { PlanInput } from '../../../shared/api/plans';
import type { Executor } from '../../db/executor';
import { servicePlans, users } from '../../db/schema';
import { normalizeEmail } from '../accounts';
import { canonicalRrule } from './plans.service';

/**
 * What the import (src/server/cli/portal-data.ts) needs beyond the console's own functions:
 * crew members keyed by e-mail, and plans keyed by their property and name (or, unnamed, by
 * their rule and start date), so importing a file twice changes nothing.
 */

export type Outcome = 'created' | 'updated' | 'unchanged';

/** Creates or updates a crew member by e-mail. The caller has checked the address is not someone else's. */
export async function saveCrewMember(
  db: Executor,
  input: { email: string; firstName?: string | null; lastName?: string | null },
): Promise<{ id: string; outcome: Outcome }> {
  const email = normalizeEmail(input.email);
  const firstName = input.firstName || null;
  const lastName = input.lastName || null;
  const [existing] = await db.select().from(users).where(eq(users.email, email));
  if (!existing) {
    const [row] = await db.insert(users).values({ email, role: 'crew', firstName, lastName }).returning({ id: users.id });
    return { id: row!.id, outcome: 'created' };
  }
  if (existing.firstName === firstName && existing.lastName === lastName) return { id: existing.id, outcome: 'unchanged' };
  await db.update(users).set({ firstName, lastName }).where(eq(users.id, existing.id));
  return { id: existing.id, outcome: 'updated' };
}

/** A property's plans: what an import's plans are matched against. */
export function importedPlansOf(db: Executor, propertyId: string) {
  return db
    .select({ name: servicePlans.name, rrule: servicePlans.rrule, startDate: servicePlans.startDate })
    .from(servicePlans)
    .where(eq(servicePlans.propertyId, propertyId));
}

/** A property's plan as the import names it: by name when it has one, else by its rule and start date. */
export async function findImportedPlan(db: Executor, propertyId: string, key: { name?: string; rrule: string; startDate: string }) {
  const [row] = await db
    .select()
    .from(servicePlans)
    .where(
      key.name
        ? and(eq(servicePlans.propertyId, propertyId), eq(servicePlans.name, key.name))
        : and(
            eq(servicePlans.propertyId, propertyId),
            eq(servicePlans.rrule, canonicalRrule(key.rrule)),
            eq(servicePlans.startDate, key.startDate),
          ),
    )
    .limit(1);
  return row ?? null;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/** Whether the stored plan differs from the input in anything the plan makes visits from. */
export function planDiffers(row: typeof servicePlans.$inferSelect, input: PlanInput): boolean {
  return (
    row.name !== input.name ||
    row.rrule !== canonicalRrule(input.rrule) ||
    row.startDate !== input.startDate ||
    row.endDate !== (input.endDate ?? null) ||
    (row.windowStart?.slice(0, 5) ?? null) !== (input.window?.from ?? null) ||
    (row.windowEnd?.slice(0, 5) ?? null) !== (input.window?.to ?? null) ||
    !sameList(row.checklist, input.checklist) ||
    !sameList([...row.crewUserIds].sort(), [...new Set(input.crewUserIds ?? [])].sort()) ||
    row.instructions !== (input.instructions ?? '')
  );
}
