import type { Role } from './policy';

/**
 * Passkeys and recovery codes (issue 13): the rules both sides need.
 *
 * Owners and office staff hold every customer's data, so their sessions need two factors: an
 * e-mail link is one; a passkey (which the authenticator unlocks with a PIN or biometrics) is
 * two on its own. A link-only session of theirs may only set up or confirm a passkey.
 * Crews share phones in the field: a passkey is theirs to add, never required.
 */
export const passkeyRequired = (role: Role): boolean => role === 'owner' || role === 'office';

/** May add passkeys at all: the company's own people (customers sign in by e-mail link). */
export const mayHavePasskeys = (role: Role): boolean => role === 'owner' || role === 'office' || role === 'crew';

/** What a session was confirmed with, besides the e-mail link (or instead of it, for a passkey). */
export const SECOND_FACTORS = ['passkey', 'recovery-code'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/**
 * Where a signed-in user stands (GET /api/auth/user's `passkey`):
 * - `optional`: no passkey is needed (crew, customers);
 * - `confirmed`: this session was opened or confirmed with a passkey or a recovery code;
 * - `confirm`: a link-only session of someone who has a passkey: they must use it (or a recovery code);
 * - `register`: a link-only session of someone who must have a passkey and has none yet.
 */
export const PASSKEY_STATES = ['optional', 'confirmed', 'confirm', 'register'] as const;
export type PasskeyState = (typeof PASSKEY_STATES)[number];

export function passkeyState(role: Role, secondFactor: SecondFactor | null, passkeyCount: number): PasskeyState {
  if (secondFactor) return 'confirmed';
  if (!passkeyRequired(role)) return 'optional';
  return passkeyCount > 0 ? 'confirm' : 'register';
}

export const RECOVERY_CODE_COUNT = 10;
/** A passkey's name: what the person calls the device ("Office laptop"). */
export const PASSKEY_NAME_MAX = 60;
/** How long a passkey prompt may stay open. */
export const PASSKEY_CHALLENGE_MINUTES = 5;

/** The 403 of a link-only session of an owner or office member, on any route but setting up or confirming a passkey. */
export const SECOND_FACTOR_NEEDED = 'Please confirm it’s you with your passkey or a recovery code before going on.';

/**
 * Changing how one signs in (another passkey, removing one, new recovery codes) takes a sign-in
 * at most this old (ASVS 7.5.1): an older session is asked to confirm with a passkey first.
 */
export const RECENT_SIGN_IN_MINUTES = 15;
export const REAUTHENTICATE = 'Please confirm it’s you with your passkey again before changing how you sign in.';
/** The 403's `problem` that tells the client to run the passkey prompt and try again. */
export const REAUTHENTICATE_PROBLEM = 'reauthenticate';
