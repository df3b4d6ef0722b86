import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { signInTokens, users } from '../../db/schema';
import { SIGN_IN_LINK_MINUTES } from '../../../shared/constants';
import { safeReturnTo } from './return-to';
import { hashToken, randomToken } from './tokens';

export const LINK_MINUTES = SIGN_IN_LINK_MINUTES;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Creates a one-time sign-in link for a user; only the token's hash is stored. */
export async function createSignInLink(db: Db, appUrl: URL, userId: string, returnTo: unknown): Promise<string> {
  const token = randomToken();
  await db.insert(signInTokens).values({
    tokenHash: hashToken(token),
    userId,
    returnTo: safeReturnTo(returnTo),
    expiresAt: new Date(Date.now() + LINK_MINUTES * 60 * 1000),
  });
  const link = new URL('/login/verify', appUrl);
  link.searchParams.set('token', token);
  return link.toString();
}

export type LinkProblem = 'expired' | 'used' | 'invalid';

/** Says whether a link would work, without using it up (mail scanners open links). */
export async function checkSignInLink(db: Db, token: string): Promise<{ ok: true } | { ok: false; problem: LinkProblem }> {
  const [row] = await db
    .select()
    .from(signInTokens)
    .where(eq(signInTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return { ok: false, problem: 'invalid' };
  if (row.usedAt) return { ok: false, problem: 'used' };
  if (row.expiresAt <= new Date()) return { ok: false, problem: 'expired' };
  return { ok: true };
}

/** Uses a link up, atomically: of two concurrent tries, exactly one succeeds. */
export async function consumeSignInLink(
  db: Db,
  token: string,
): Promise<{ ok: true; userId: string; returnTo: string } | { ok: false; problem: LinkProblem }> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .update(signInTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(signInTokens.tokenHash, tokenHash), isNull(signInTokens.usedAt), gt(signInTokens.expiresAt, new Date())))
    .returning({ userId: signInTokens.userId, returnTo: signInTokens.returnTo });
  if (row) return { ok: true, userId: row.userId, returnTo: row.returnTo };
  const check = await checkSignInLink(db, token);
  return check.ok ? { ok: false, problem: 'invalid' } : check;
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return user ?? null;
}
