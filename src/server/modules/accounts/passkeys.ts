import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { company } from '../../../shared/company';
import { PASSKEY_CHALLENGE_MINUTES, passkeyRequired } from '../../../shared/passkeys';
import type { Role } from '../../../shared/policy';
import { inTransaction, type Executor } from '../../db/executor';
import { passkeys, recoveryCodes, sessions, users, webauthnChallenges } from '../../db/schema';
import { NotFoundError, RequestError } from '../../errors';
import { browserOf } from '../../../shared/user-agent';

/**
 * Passkeys (WebAuthn) for staff, through @simplewebauthn/server: the library checks every
 * signature, origin, RP id, flag and counter; this module keeps the credentials and the
 * one-time challenges in the database, so any instance can answer any step.
 */

/** The relying party: this site, as the browser sees it (APP_URL). Passkeys made for it work only on it. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export const relyingPartyOf = (appUrl: URL): RelyingParty => ({ id: appUrl.hostname, name: company.name, origin: appUrl.origin });

const CHALLENGE_MS = PASSKEY_CHALLENGE_MINUTES * 60 * 1000;

/**
 * Ed25519 and ECDSA P-256 only (ASVS 11.2.3, 128 bits of security): RS256, which the library also
 * offers by default, is left out, since 2048-bit RSA keys give about 112. Current Windows Hello,
 * Apple, Android and security keys all make P-256 passkeys.
 */
const ALGORITHMS = [-8, -7];

async function storeChallenge(db: Executor, challenge: string, purpose: 'register' | 'authenticate', userId: string | null) {
  await db.insert(webauthnChallenges).values({ challenge, purpose, userId, expiresAt: new Date(Date.now() + CHALLENGE_MS) });
}

/** Uses up a challenge: true once, for the purpose (and user) it was made for, before it expires. */
async function consumeChallenge(db: Executor, challenge: string, purpose: 'register' | 'authenticate', userId: string | null) {
  const used = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId ? eq(webauthnChallenges.userId, userId) : isNull(webauthnChallenges.userId),
        gt(webauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return used.length === 1;
}

export async function countPasskeys(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** A user's passkeys, oldest first, as "Passkeys" in their account shows them. */
export async function listPasskeys(db: Executor, userId: string) {
  return db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
      synced: passkeys.backedUp,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}

/**
 * The browser's options for making a new passkey. The account's own passkeys are excluded (one
 * device, one passkey), a discoverable credential is asked for (so "Sign in with a passkey" needs
 * no e-mail address), and user verification is required: the passkey is a second factor in itself.
 */
export async function registrationOptions(db: Executor, rp: RelyingParty, user: { id: string; email: string; name: string }) {
  const existing = await db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name || user.email,
    // The user handle is the account's id: no personal data on the authenticator beyond the name shown in its picker.
    userID: isoUint8Array.fromUTF8String(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
    timeout: CHALLENGE_MS,
  });
  await storeChallenge(db, options.challenge, 'register', user.id);
  return options;
}

const NOT_VERIFIED = 'That passkey could not be checked. Please try again.';

/** A default name from the browser that made it ("Chrome on Android"), which the person may change. */
export function defaultPasskeyName(userAgent: string): string {
  return browserOf(userAgent).slice(0, 60) || 'Passkey';
}

/** Checks the browser's answer to `registrationOptions` and keeps the new passkey. */
export async function registerPasskey(
  db: Executor,
  rp: RelyingParty,
  userId: string,
  response: RegistrationResponseJSON,
  name: string,
): Promise<{ id: string; name: string; first: boolean }> {
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: (challenge) => consumeChallenge(db, challenge, 'register', userId),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    supportedAlgorithmIDs: ALGORITHMS,
  }).catch(() => ({ verified: false as const }));
  if (!verification.verified) throw new RequestError(400, NOT_VERIFIED);
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  return inTransaction(db, async (tx) => {
    const [before] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
    const inserted = await tx
      .insert(passkeys)
      .values({
        userId,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name,
      })
      .onConflictDoNothing()
      .returning({ id: passkeys.id, name: passkeys.name });
    if (!inserted[0]) throw new RequestError(409, 'This passkey is already added.');
    return { ...inserted[0], first: (before?.n ?? 0) === 0 };
  });
}

/** The browser's options for signing in with any passkey of this site (the passkey names its account). */
export async function authenticationOptions(db: Executor, rp: RelyingParty) {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: CHALLENGE_MS });
  await storeChallenge(db, options.challenge, 'authenticate', null);
  return options;
}

/**
 * Checks a passkey sign-in: the passkey must be known, its signature good (with user
 * verification) over a challenge this server handed out, once. Returns the account it belongs to.
 */
export async function authenticateWithPasskey(
  db: Executor,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
): Promise<{ userId: string; role: Role; passkeyId: string } | null> {
  const [stored] = await db
    .select({ passkey: passkeys, role: users.role })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, response.id))
    .limit(1);
  if (!stored) return null;
  const { passkey } = stored;
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: (challenge) => consumeChallenge(db, challenge, 'authenticate', null),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credentialId,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) return null;
  // The user handle, when the authenticator sends one, must be the account the passkey was made for.
  const handle = response.response.userHandle;
  if (handle && isoUint8Array.toUTF8String(isoBase64URL.toBuffer(handle)) !== passkey.userId) return null;
  await db
    .update(passkeys)
    .set({
      counter: verification.authenticationInfo.newCounter,
      backedUp: verification.authenticationInfo.credentialBackedUp,
      lastUsedAt: sql`now()`,
    })
    .where(eq(passkeys.id, passkey.id));
  return { userId: passkey.userId, role: stored.role, passkeyId: passkey.id };
}

export async function renamePasskey(db: Executor, userId: string, id: string, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (!row) throw new NotFoundError();
}

export const LAST_PASSKEY = 'This is your only passkey, and the console needs one. Add another passkey before you remove this one.';

/**
 * Removes one of the user's passkeys. The last one of someone who must have a passkey stays:
 * without it they could no longer open the console (they add another first).
 */
export async function removePasskey(db: Executor, user: { id: string; role: Role }, id: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const mine = await tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, user.id)).for('update');
    if (!mine.some((passkey) => passkey.id === id)) throw new NotFoundError();
    if (mine.length === 1 && passkeyRequired(user.role)) throw new RequestError(409, LAST_PASSKEY);
    await tx.delete(passkeys).where(eq(passkeys.id, id));
  });
}

/**
 * Starts a staff member over: their passkeys and recovery codes are deleted and their sessions
 * end, so the next e-mail-link sign-in asks them to set up a passkey again. For an owner who
 * resets someone who lost their device, and for the operator command when no owner can sign in.
 */
export async function resetPasskeys(db: Executor, userId: string): Promise<{ passkeys: number }> {
  return inTransaction(db, async (tx) => {
    const removed = await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return { passkeys: removed.length };
  });
}
