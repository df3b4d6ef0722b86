import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { signInTokens, users } from '../../db/schema';
import { INVITATION_DAYS, SIGN_IN_LINK_MINUTES } from '../../../shared/constants';
import { landingFor, safeReturnTo } from './return-to';
import { normalizeEmail } from './users';
import { hashToken, randomToken } from './tokens';

export const LINK_MINUTES = SIGN_IN_LINK_MINUTES;

const MINUTE_MS = 60 * 1000;

/** Creates a one-time sign-in link for a user, good for SIGN_IN_LINK_MINUTES (10); only the token's hash is stored. */
export async function createSignInLink(
  db: Executor,
  appUrl: URL,
  userId: string,
  returnTo: unknown,
  /** The nonce in the asking browser's cookie; none for a link the operator hands over. */
  browserNonce?: string,
  token = randomToken(),
): Promise<string> {
  return createLink(db, appUrl, { userId, returnTo, purpose: 'sign-in', invitedBy: null, browserNonce, token });
}

/** Creates an invitation: a one-time link good for 7 days, naming the staff member who sent it (null: the operator). */
export async function createInvitationLink(
  db: Executor,
  appUrl: URL,
  userId: string,
  returnTo: unknown,
  invitedBy: string | null,
): Promise<string> {
  return createLink(db, appUrl, { userId, returnTo, purpose: 'invitation', invitedBy, token: randomToken() });
}

async function createLink(
  db: Executor,
  appUrl: URL,
  link: { userId: string; returnTo: unknown; purpose: LinkPurpose; invitedBy: string | null; browserNonce?: string; token: string },
): Promise<string> {
  const { token } = link;
  const lifetime = link.purpose === 'invitation' ? INVITATION_DAYS * 24 * 60 * MINUTE_MS : LINK_MINUTES * MINUTE_MS;
  await db.insert(signInTokens).values({
    tokenHash: hashToken(token),
    userId: link.userId,
    purpose: link.purpose,
    invitedBy: link.invitedBy,
    returnTo: safeReturnTo(link.returnTo),
    browserNonceHash: link.browserNonce ? hashToken(link.browserNonce) : null,
    expiresAt: new Date(Date.now() + lifetime),
  });
  return finishLink(appUrl, token);
}

function finishLink(appUrl: URL, token: string): string {
  const link = new URL('/login/verify', appUrl);
  link.searchParams.set('token', token);
  return link.toString();
}

export type LinkProblem = 'expired' | 'used' | 'invalid';

/**
 * What a browser shows it is the one a link was meant for: the nonce of its cookie, or the
 * account's e-mail address typed in (login CSRF: someone else's link must not sign you in
 * to their account unnoticed, ASVS 6.6.2).
 */
export interface LinkProof {
  browserNonce?: string | undefined;
  email?: string | undefined;
}
export type LinkPurpose = 'sign-in' | 'invitation';

/** What a stored link is for: a sign-in or an invitation, and where it leads. Unknown for a token that matches no link. */
export interface LinkKind {
  purpose: LinkPurpose;
  returnTo: string | null;
}

/** Says whether a link would work, without using it up (mail scanners open links). */
export async function checkSignInLink(
  db: Executor,
  token: string,
  browserNonce?: string,
): Promise<({ ok: true; confirmEmail: boolean } | { ok: false; problem: LinkProblem }) & LinkKind> {
  const [row] = await db
    .select({
      purpose: signInTokens.purpose,
      returnTo: signInTokens.returnTo,
      usedAt: signInTokens.usedAt,
      expiresAt: signInTokens.expiresAt,
      browserNonceHash: signInTokens.browserNonceHash,
      role: users.role,
    })
    .from(signInTokens)
    .innerJoin(users, eq(users.id, signInTokens.userId))
    .where(eq(signInTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return { ok: false, problem: 'invalid', purpose: 'sign-in', returnTo: null };
  // Where it leads for its user's role: a link stored before landings knew the role still lands at home.
  const kind = { purpose: row.purpose, returnTo: landingFor(row.role, row.returnTo) };
  if (row.usedAt) return { ok: false, problem: 'used', ...kind };
  if (row.expiresAt <= new Date()) return { ok: false, problem: 'expired', ...kind };
  return { ok: true, confirmEmail: !isAskingBrowser(row.browserNonceHash, browserNonce), ...kind };
}

function isAskingBrowser(storedHash: string | null, browserNonce: string | undefined): boolean {
  return storedHash !== null && browserNonce !== undefined && browserNonce !== '' && hashToken(browserNonce) === storedHash;
}

/** Uses a link up, atomically: of two concurrent tries, exactly one succeeds. */
export async function consumeSignInLink(
  db: Executor,
  token: string,
  proof: LinkProof = {},
): Promise<
  | { ok: true; userId: string; returnTo: string }
  | ({ ok: false; problem: LinkProblem } & LinkKind)
  | { ok: false; problem: 'confirm-email' }
> {
  const tokenHash = hashToken(token);
  // Who the link is for is read first, so a wrong or missing address leaves the link unused.
  const [link] = await db
    .select({ browserNonceHash: signInTokens.browserNonceHash, email: users.email })
    .from(signInTokens)
    .innerJoin(users, eq(users.id, signInTokens.userId))
    .where(eq(signInTokens.tokenHash, tokenHash))
    .limit(1);
  if (
    link &&
    !isAskingBrowser(link.browserNonceHash, proof.browserNonce) &&
    normalizeEmail(proof.email ?? '') !== normalizeEmail(link.email)
  ) {
    const check = await checkSignInLink(db, token);
    return check.ok ? { ok: false, problem: 'confirm-email' } : check;
  }
  const [row] = await db
    .update(signInTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(signInTokens.tokenHash, tokenHash), isNull(signInTokens.usedAt), gt(signInTokens.expiresAt, new Date())))
    .returning({ userId: signInTokens.userId, returnTo: signInTokens.returnTo });
  if (row) return { ok: true, userId: row.userId, returnTo: row.returnTo };
  const check = await checkSignInLink(db, token);
  return check.ok ? { purpose: check.purpose, returnTo: check.returnTo, ok: false, problem: 'invalid' } : check;
}
