import { z } from 'zod/mini';
import { PASSKEY_NAME_MAX } from '../passkeys';
import { oneLineText, storableText } from '../storable-text';

/** One of your passkeys, as "Passkeys" in your account lists it. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  /** Synced by the platform (a password manager, iCloud Keychain, Google Password Manager), rather than bound to one device. */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /api/account/passkeys */
export const passkeyListSchema = z.object({
  passkeys: z.array(passkeySchema),
  /** Whether the console needs one (owners and office staff). */
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type PasskeyList = z.infer<typeof passkeyListSchema>;

const NAME_REQUIRED = 'Please give the passkey a name';
export const passkeyNameSchema = z
  .string({ error: NAME_REQUIRED })
  .check(
    z.trim(),
    z.minLength(1, NAME_REQUIRED),
    z.maxLength(PASSKEY_NAME_MAX, `Please use at most ${PASSKEY_NAME_MAX} characters`),
    storableText('The name contains an invalid character'),
    oneLineText('The name'),
  );

/**
 * What the browser's WebAuthn call returned (@simplewebauthn/browser's JSON). Only its outline
 * is checked here; @simplewebauthn/server checks every byte of it.
 */
export const webauthnResponseSchema = z.looseObject({
  id: z.string().check(z.minLength(1), z.maxLength(1400)),
  rawId: z.string(),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string() }),
});

/** The options for the browser's WebAuthn call (its challenge among them), passed on as the library made them. */
export const webauthnOptionsSchema = z.looseObject({ challenge: z.string() });
export type WebauthnOptions = z.infer<typeof webauthnOptionsSchema>;

/** POST /api/account/passkeys */
export const addPasskeySchema = z.object({ name: z.optional(passkeyNameSchema), response: webauthnResponseSchema });

/** POST /api/account/passkeys' answer: the passkey, and with the first one, the recovery codes (shown once). */
export const passkeyAddedSchema = z.object({
  passkey: z.object({ id: z.string(), name: z.string() }),
  recoveryCodes: z.nullable(z.array(z.string())),
});
export type PasskeyAdded = z.infer<typeof passkeyAddedSchema>;

/** PATCH /api/account/passkeys/:id */
export const renamePasskeySchema = z.object({ name: passkeyNameSchema });

/** POST /api/account/recovery-codes: a new set (the old one stops working). */
export const recoveryCodesSchema = z.object({ codes: z.array(z.string()) });

/** POST /api/auth/passkey/sign-in */
export const passkeySignInSchema = z.object({ response: webauthnResponseSchema, returnTo: z.optional(z.unknown()) });

const CODE_REQUIRED = 'Please enter one of your recovery codes';
/** POST /api/auth/recovery-code: one code, after an e-mail link, in place of the passkey. */
export const recoveryCodeSignInSchema = z.object({
  code: z.string({ error: CODE_REQUIRED }).check(z.trim(), z.minLength(1, CODE_REQUIRED), z.maxLength(40, CODE_REQUIRED)),
});
