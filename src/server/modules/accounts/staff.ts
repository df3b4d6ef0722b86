import { and, eq, ne } from 'drizzle-orm';
import { isStaffRole, type StaffRole } from '../../../shared/policy';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { findUserByEmail, normalizeEmail } from './sign-in-links';

export interface StaffInput {
  email: string;
  /** Unset: office for a new user, the current role for an existing staff member. */
  role?: StaffRole;
  firstName?: string | null;
  lastName?: string | null;
}

export interface StaffSaved {
  id: string;
  created: boolean;
  role: StaffRole;
  /** The role asked for with --role, when it was overruled because there is no other owner. */
  overruled?: StaffRole;
}

/**
 * Creates a staff user, or updates one (a customer's user becomes staff). While there is
 * no other owner (the first staff user; the last owner), the user is an owner whatever was
 * asked, so that someone can always manage staff.
 */
export async function saveStaffUser(db: Db, input: StaffInput): Promise<StaffSaved> {
  const email = normalizeEmail(input.email);
  const existing = await findUserByEmail(db, email);
  // Someone must always be able to manage staff: the first staff user, and the last owner, are owners.
  const [otherOwner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'owner'), ne(users.email, email)))
    .limit(1);
  const mustOwn = !otherOwner;
  const wanted: StaffRole = input.role ?? (existing && isStaffRole(existing.role) ? existing.role : 'office');
  const role: StaffRole = mustOwn ? 'owner' : wanted;
  const overruled = mustOwn && input.role && input.role !== 'owner' ? input.role : undefined;
  if (existing) {
    await db
      .update(users)
      .set({
        role,
        customerId: null,
        firstName: input.firstName ?? existing.firstName,
        lastName: input.lastName ?? existing.lastName,
      })
      .where(eq(users.id, existing.id));
    return { id: existing.id, created: false, role, overruled };
  }
  const [row] = await db
    .insert(users)
    .values({ email, role, firstName: input.firstName ?? null, lastName: input.lastName ?? null })
    .returning({ id: users.id });
  return { id: row!.id, created: true, role, overruled };
}
