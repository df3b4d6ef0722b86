import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { isStaffRole, type StaffRole } from '../../../shared/policy';
import { inTransaction, type Executor } from '../../db/executor';
import { passkeys, sessions, users } from '../../db/schema';
import { ConflictError, NotFoundError, RequestError } from '../../errors';
import { resetPasskeys } from './passkeys';
import { setUserDisabled } from './sessions';
import { findUserByEmail, normalizeEmail } from './users';

/**
 * Who on staff hears of what customers and prospects send (a portal request, an estimate's answer,
 * an agreement's notice): STAFF_NOTIFY_EMAIL's addresses when set, otherwise every owner and office
 * user whose account is not disabled, as for a quote request (STORE_REQUESTS_SQL in quote-request-writer.ts).
 */
export async function staffNoticeRecipients(db: Executor, mail: { staffNotifyEmails: readonly string[] }): Promise<string[]> {
  if (mail.staffNotifyEmails.length) return [...mail.staffNotifyEmails];
  const staff = await db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.role, ['owner', 'office']), isNull(users.disabledAt)));
  return staff.map((user) => user.email);
}

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
  /** An existing user's role changed, so their sessions were ended. */
  signedOut?: boolean;
}

/**
 * Creates a staff user, or updates one (a customer's user becomes staff). While there is
 * no other owner (the first staff user; the last owner), the user is an owner whatever was
 * asked, so that someone can always manage staff.
 */
export async function saveStaffUser(db: Executor, input: StaffInput): Promise<StaffSaved> {
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
    const roleChanged = existing.role !== role;
    await inTransaction(db, async (tx) => {
      await tx
        .update(users)
        .set({
          role,
          customerId: null,
          firstName: input.firstName ?? existing.firstName,
          lastName: input.lastName ?? existing.lastName,
        })
        .where(eq(users.id, existing.id));
      // As in the console (updateStaffMember): a new role means new lifetimes and rights, so its open sessions end.
      if (roleChanged) await tx.delete(sessions).where(eq(sessions.userId, existing.id));
    });
    return { id: existing.id, created: false, role, overruled, signedOut: roleChanged };
  }
  const [row] = await db
    .insert(users)
    .values({ email, role, firstName: input.firstName ?? null, lastName: input.lastName ?? null })
    .returning({ id: users.id });
  return { id: row!.id, created: true, role, overruled };
}

/** The company's people, for owners: everyone but customers' users, disabled ones included; `id` for one of them. */
export async function listStaff(db: Executor, id?: string) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      disabledAt: users.disabledAt,
      // "users"."id" spelled out: in a one-table select drizzle leaves columns unqualified, which the subquery would read as its own.
      passkeys: sql<number>`(select count(*)::int from ${passkeys} where ${passkeys.userId} = "users"."id")`,
    })
    .from(users)
    .where(and(ne(users.role, 'customer'), id === undefined ? undefined : eq(users.id, id)))
    .orderBy(asc(users.firstName), asc(users.email));
  return rows.map(({ disabledAt, ...row }) => ({ ...row, role: row.role as StaffRole, disabled: disabledAt !== null }));
}

/**
 * An owner changes a staff member's role, or disables or enables them. Nobody changes their own
 * role or disables themselves, so the company always keeps an owner who can act.
 */
export async function updateStaffMember(db: Executor, actorId: string, id: string, change: { role?: StaffRole; disabled?: boolean }) {
  const [target] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
  if (!target || target.role === 'customer') throw new NotFoundError();
  if (id === actorId && change.role !== undefined && change.role !== target.role) {
    throw new RequestError(409, 'You cannot change your own role. Ask another owner.', { role: 'You cannot change your own role' });
  }
  if (id === actorId && change.disabled) {
    throw new RequestError(409, 'You cannot disable your own account.', { disabled: 'You cannot disable your own account' });
  }
  if (change.role !== undefined && change.role !== target.role) {
    await inTransaction(db, async (tx) => {
      await tx.update(users).set({ role: change.role }).where(eq(users.id, id));
      // A new role means new lifetimes and rights: its open sessions end, and it signs in again.
      await tx.delete(sessions).where(eq(sessions.userId, id));
    });
  }
  if (change.disabled !== undefined) await setUserDisabled(db, id, change.disabled);
  return (await listStaff(db, id))[0]!;
}

/** Staff disable or enable one of a customer's users (their portal sign-in). */
export async function setCustomerUserDisabled(db: Executor, id: string, disabled: boolean) {
  const [target] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
  if (!target || target.role !== 'customer') throw new NotFoundError();
  await setUserDisabled(db, id, disabled);
  return { id, disabled };
}

/**
 * An owner adds someone to the company from the console: a new account with its role, which the
 * invitation e-mail then opens. An address that already has an account (a customer's user, or
 * staff) is refused: turning a customer into staff is the operator's create-staff command.
 */
export async function addStaffMember(db: Executor, input: { email: string; role: StaffRole; firstName: string; lastName: string | null }) {
  const email = normalizeEmail(input.email);
  const [row] = await db
    .insert(users)
    .values({ email, role: input.role, firstName: input.firstName, lastName: input.lastName })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!row) throw new ConflictError('email', 'Someone already has an account with this e-mail address.');
  return row.id;
}

/** An owner starts another staff member's passkeys over (a lost phone): never their own, which they manage in their account. */
export async function resetStaffPasskeys(db: Executor, actorId: string, id: string) {
  const [target] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
  if (!target || target.role === 'customer') throw new NotFoundError();
  if (id === actorId) throw new RequestError(409, 'You cannot reset your own passkeys here. Manage them in Your account.');
  return resetPasskeys(db, id);
}
