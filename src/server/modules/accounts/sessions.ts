import { and, desc, eq, lt, ne, or, sql } from 'drizzle-orm';
import { lifetimeFor, SESSION_LIFETIME_DEFAULTS, SESSION_TOUCH_MS, type SessionLifetimes } from '../../../shared/session-lifetimes';
import type { PolicyActor, Role } from '../../../shared/policy';
import { inTransaction, type Executor } from '../../db/executor';
import { preparedQuery } from '../../db/prepared';
import { customers, sessions, signInTokens, users, webauthnChallenges, type UserRow } from '../../db/schema';
import type { SecondFactor } from '../../../shared/passkeys';
import { hashToken, randomToken } from './tokens';
import { company } from '../../../shared/company';
import { RequestError } from '../../errors';

export const SESSION_COOKIE = 'session';

/** Where a sign-in came from, kept with its session for "Your sessions". */
export interface SessionClient {
  ip: string;
  userAgent: string;
}

/**
 * Creates a session and returns the id for the cookie (only its hash is stored), when it ends at
 * the latest, and the user's role. Its idle timeout and maximum are the role's (`lifetimes`).
 */
export async function createSession(
  db: Executor,
  userId: string,
  options: { lifetimes?: SessionLifetimes; client?: SessionClient; secondFactor?: SecondFactor | null } = {},
): Promise<{ id: string; expiresAt: Date; role: Role }> {
  const [user] = await db
    .select({ role: users.role, disabledAt: users.disabledAt, invitedAt: users.invitedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error('createSession: no such user');
  if (user.disabledAt) {
    throw new RequestError(403, `This account is switched off. Please call us at ${company.phone.display} if you need it again.`);
  }
  const lifetime = lifetimeFor(options.lifetimes ?? SESSION_LIFETIME_DEFAULTS, user.role);
  const id = randomToken();
  const expiresAt = new Date(Date.now() + lifetime.maxMs);
  await db.insert(sessions).values({
    idHash: hashToken(id),
    userId,
    expiresAt,
    idleSeconds: Math.round(lifetime.idleMs / 1000),
    userAgent: (options.client?.userAgent ?? '').slice(0, 300),
    ip: options.client?.ip ?? '',
    secondFactor: options.secondFactor ?? null,
  });
  // Signed in, so they know of their account: report e-mails may go to them from now on.
  if (!user.invitedAt) await db.update(users).set({ invitedAt: new Date() }).where(eq(users.id, userId));
  return { id, expiresAt, role: user.role };
}

export async function deleteSession(db: Executor, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(id)));
}

export interface SessionUser {
  user: UserRow;
  customer: typeof customers.$inferSelect | null;
  /** What besides an e-mail link opened or confirmed this session; null for a link alone. */
  secondFactor: SecondFactor | null;
  /** When it was opened: every sign-in and every passkey confirmation opens a new one. */
  startedAt: Date;
}

/** The signed-in user of a request in a protected route group (`request.user`). */
export interface SignedInUser extends PolicyActor {
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** The customer company of a customer's user; null for staff. */
  customer: typeof customers.$inferSelect | null;
}

export const toSignedInUser = ({ user, customer }: SessionUser): SignedInUser => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role,
  customerId: user.customerId,
  customer,
});

/** A session still in use: before its absolute end, within its idle timeout, of a user who is not disabled. */
const live = sql`${sessions.expiresAt} > now() and ${sessions.lastUsedAt} + ${sessions.idleSeconds} * interval '1 second' > now() and ${users.disabledAt} is null`;

const sessionUserQuery = preparedQuery((db) =>
  db
    .select({
      user: users,
      customer: customers,
      lastUsedAt: sessions.lastUsedAt,
      secondFactor: sessions.secondFactor,
      startedAt: sessions.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(and(eq(sessions.idHash, sql.placeholder('idHash')), live))
    .limit(1)
    .prepare('session_user'),
);

/**
 * The signed-in user for a session cookie, or null when it is unknown, ended (idle too long, past
 * its maximum) or its user is disabled. "Last used" is written at most every 5 minutes.
 */
export async function findSessionUser(db: Executor, id: string): Promise<SessionUser | null> {
  const idHash = hashToken(id);
  const [row] = await sessionUserQuery(db).execute({ idHash });
  if (!row) return null;
  if (Date.now() - row.lastUsedAt.getTime() > SESSION_TOUCH_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(sessions.idHash, idHash));
  }
  return { user: row.user, customer: row.customer, secondFactor: row.secondFactor, startedAt: row.startedAt };
}

/** A user's sessions still in use, the most recently used first; `current` is the asking browser's. */
export async function listSessions(db: Executor, userId: string, currentId: string | undefined) {
  const currentHash = currentId ? hashToken(currentId) : null;
  const rows = await db
    .select({
      idHash: sessions.idHash,
      publicId: sessions.publicId,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.userId, userId), live))
    .orderBy(desc(sessions.lastUsedAt));
  return rows.map(({ idHash, ...row }) => ({ ...row, current: idHash === currentHash }));
}

/**
 * Ends one of the user's own sessions, by the id "Your sessions" shows: null when there is none,
 * else whether it was the asking browser's own (whose cookies then go too).
 */
export async function endSession(
  db: Executor,
  userId: string,
  publicId: string,
  currentId: string | undefined,
): Promise<{ current: boolean } | null> {
  const [ended] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ idHash: sessions.idHash });
  return ended ? { current: currentId !== undefined && ended.idHash === hashToken(currentId) } : null;
}

/** Ends every session of the user but the asking browser's; returns how many ended. */
export async function endOtherSessions(db: Executor, userId: string, currentId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.idHash, hashToken(currentId))))
    .returning({ publicId: sessions.publicId });
  return ended.length;
}

/**
 * Switches a user off or on. Disabling ends all their sessions at once: the rows are deleted,
 * and every instance checks `disabled_at` on each request, so no cache keeps them signed in.
 */
export async function setUserDisabled(db: Executor, userId: string, disabled: boolean): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx
      .update(users)
      .set({ disabledAt: disabled ? sql`coalesce(${users.disabledAt}, now())` : null })
      .where(eq(users.id, userId));
    if (disabled) await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}

/**
 * Deletes expired sessions, sign-in links a week past their expiry (kept that
 * long so an old link still says "expired" rather than "not valid"), and passkey challenges nobody answered.
 */
export async function purgeExpiredSignIns(db: Executor): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, sql`now()`), lt(sql`${sessions.lastUsedAt} + ${sessions.idleSeconds} * interval '1 second'`, sql`now()`)),
    );
  await db.delete(signInTokens).where(lt(signInTokens.expiresAt, sql`now() - interval '7 days'`));
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
}
