import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { SESSION_DAYS } from '../../../shared/constants';
import type { PolicyActor, Role } from '../../../shared/policy';
import type { Db } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import { customers, sessions, signInTokens, users, type UserRow } from '../../db/schema';
import { hashToken, randomToken } from './tokens';

export const SESSION_COOKIE = 'session';
export { SESSION_DAYS };
const DAY_MS = 24 * 60 * 60 * 1000;

/** Creates a session and returns the id for the cookie (only its hash is stored), and the user's role. */
export async function createSession(db: Db, userId: string): Promise<{ id: string; expiresAt: Date; role: Role }> {
  const id = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * DAY_MS);
  const [row] = await db
    .insert(sessions)
    .values({ idHash: hashToken(id), userId, expiresAt })
    .returning({ role: sql<Role>`(select ${users.role} from ${users} where ${users.id} = ${sessions.userId})` });
  return { id, expiresAt, role: row!.role };
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(id)));
}

export interface SessionUser {
  user: UserRow;
  customer: typeof customers.$inferSelect | null;
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

const sessionUserQuery = preparedQuery((db) =>
  db
    .select({ user: users, customer: customers })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_user'),
);

/** The signed-in user for a session cookie, or null when it is unknown or expired. */
export async function findSessionUser(db: Db, id: string): Promise<SessionUser | null> {
  const [row] = await sessionUserQuery(db).execute({ idHash: hashToken(id) });
  return row ?? null;
}

/**
 * Deletes expired sessions, and sign-in links a week past their expiry (kept that
 * long so an old link still says "expired" rather than "not valid").
 */
export async function purgeExpiredSignIns(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  await db.delete(signInTokens).where(lt(signInTokens.expiresAt, sql`now() - interval '7 days'`));
}
