import { z } from 'zod/mini';
import { PASSKEY_STATES } from '../passkeys';
import { ROLES } from '../policy';

/** POST /api/auth/sign-in-link answers this whether or not the address has an account (the screen's heading says "Check your email"). */
export const CHECK_EMAIL_MESSAGE = 'If that address has an account with us, a sign-in link is on its way.';

/** GET /api/auth/user: the signed-in user and, for a customer's user, their company. */
export const authResponseSchema = z.object({
  user: z.object({
    /** Lets a shared phone tell its users' saved work apart (the crew page's outbox). */
    id: z.string(),
    email: z.string(),
    firstName: z.nullable(z.string()),
    lastName: z.nullable(z.string()),
    role: z.enum(ROLES),
  }),
  customer: z.nullable(z.object({ name: z.string(), email: z.string(), phone: z.nullable(z.string()), address: z.nullable(z.string()) })),
  /** Whether this session still needs a passkey (shared/passkeys.ts): the console asks for one before anything else. */
  passkey: z.enum(PASSKEY_STATES),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** POST /api/auth/sign-in-link */
const INVALID_EMAIL = 'Please enter a valid email address';
export const signInLinkRequestSchema = z.object(
  {
    email: z.string({ error: INVALID_EMAIL }).check(z.trim(), z.maxLength(254, INVALID_EMAIL), z.email(INVALID_EMAIL)),
    // Anything but a safe local path becomes the dashboard, so a bad returnTo is never an error.
    returnTo: z.optional(z.unknown()),
  },
  { error: INVALID_EMAIL },
);

/** A sign-in link's token, in the body of the check and of the sign-in. */
export const signInTokenSchema = z.object({ token: z.string().check(z.minLength(10), z.maxLength(200)) });

/**
 * POST /api/auth/sign-in: the token, and, in a browser other than the one that asked for the
 * link (or for an invitation), the account's e-mail address as the person typed it.
 */
export const signInRequestSchema = z.object({
  token: signInTokenSchema.shape.token,
  email: z.optional(z.string().check(z.maxLength(254))),
});

export const SIGN_IN_LINK_PROBLEMS = ['expired', 'used', 'invalid'] as const;
export type SignInLinkProblem = (typeof SIGN_IN_LINK_PROBLEMS)[number];

export const SIGN_IN_LINK_PURPOSES = ['sign-in', 'invitation'] as const;

/**
 * POST /api/auth/sign-in-link/check: whether a link would work, without using it. For a link that
 * exists (working, used or expired): what it is for and where it leads, so the page can speak
 * of an invitation, and a new link asked for there leads to the same place. For a working one:
 * whether this browser must confirm the account's e-mail address (it did not ask for the link).
 */
export const signInLinkCheckSchema = z.object({
  ok: z.boolean(),
  confirmEmail: z.optional(z.boolean()),
  problem: z.optional(z.enum(SIGN_IN_LINK_PROBLEMS)),
  message: z.optional(z.string()),
  purpose: z.optional(z.enum(SIGN_IN_LINK_PURPOSES)),
  returnTo: z.optional(z.string()),
});

/** POST /api/auth/sign-in: where to go now. */
export const signedInSchema = z.object({ redirectTo: z.string() });
