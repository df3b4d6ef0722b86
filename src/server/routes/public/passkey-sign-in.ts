import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { signedInSchema } from '../../../shared/api/accounts';
import { errorBodySchema } from '../../../shared/api/common';
import { passkeySignInSchema, recoveryCodeSignInSchema, webauthnOptionsSchema, type WebauthnOptions } from '../../../shared/api/passkeys';
import { mayHavePasskeys } from '../../../shared/passkeys';
import {
  authenticateWithPasskey,
  authenticationOptions,
  countRecoveryCodesLeft,
  landingFor,
  relyingPartyOf,
  useRecoveryCode,
} from '../../modules/accounts';
import { auditRequest } from '../../plugins/app/audit';
import { beginSession } from '../begin-session';

const HOUR_MS = 60 * 60 * 1000;
const tags = ['sign-in'];
const PASSKEY_REFUSED = 'That passkey did not sign you in. It may belong to another site, or have been removed from your account.';
const CODE_REFUSED = 'That recovery code is not right, or it has already been used. Please check it and try again.';

/**
 * Signing in with a passkey alone ("Sign in with a passkey": it is two factors in itself, the
 * device and its PIN or biometrics), and confirming an e-mail-link sign-in with a recovery code
 * when the passkey is lost (issue 13).
 */
const passkeySignIn: FastifyPluginAsyncZod = async (app) => {
  const rp = relyingPartyOf(app.config.appUrl);
  const { perEmail, perIp } = app.config.signInRateLimit;

  app.post(
    '/api/auth/passkey/options',
    {
      config: { rateLimit: { max: perIp * 5, timeWindow: HOUR_MS } },
      schema: { tags, summary: 'A challenge for signing in with a passkey', response: { 200: webauthnOptionsSchema } },
    },
    async () => (await authenticationOptions(app.db, rp)) as WebauthnOptions,
  );

  app.post(
    '/api/auth/passkey/sign-in',
    {
      config: { rateLimit: { max: perIp * 2, timeWindow: HOUR_MS } },
      schema: {
        tags,
        summary: 'Sign in with a passkey',
        body: passkeySignInSchema,
        response: { 200: signedInSchema, 400: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      const verified = await authenticateWithPasskey(app.db, rp, request.body.response as unknown as AuthenticationResponseJSON);
      if (!verified) {
        await auditRequest(request, { kind: 'sign_in_failed', action: 'sign-in.passkey', outcome: 'refused', statusCode: 400 });
        return reply.code(400).send({ message: PASSKEY_REFUSED });
      }
      await beginSession(request, reply, verified.userId, { secondFactor: 'passkey', action: 'sign-in.passkey' });
      return { redirectTo: landingFor(verified.role, request.body.returnTo) };
    },
  );

  /**
   * A recovery code in place of the passkey, after an e-mail link: the session the link opened is
   * replaced by one that counts as confirmed. Each code works once.
   */
  app.post(
    '/api/auth/recovery-code',
    {
      config: { rateLimit: { max: perEmail * 2, timeWindow: HOUR_MS } },
      schema: {
        tags,
        summary: 'Confirm an e-mail-link sign-in with a recovery code',
        body: recoveryCodeSignInSchema,
        response: { 200: z.object({ left: z.number() }), 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const session = await request.sessionUser();
      if (!session) return reply.code(401).send({ message: 'Please sign in with your e-mail link first, then enter a recovery code.' });
      const { user } = session;
      const used = mayHavePasskeys(user.role) ? await useRecoveryCode(app.db, user.id, request.body.code) : false;
      if (!used) {
        await auditRequest(request, {
          kind: 'sign_in_failed',
          action: 'sign-in.recovery-code',
          outcome: 'refused',
          statusCode: 400,
          targetType: 'users',
          targetId: user.id,
        });
        return reply.code(400).send({ message: CODE_REFUSED });
      }
      await beginSession(request, reply, user.id, { secondFactor: 'recovery-code', action: 'sign-in.recovery-code' });
      return { left: await countRecoveryCodesLeft(app.db, user.id) };
    },
  );
};

export default passkeySignIn;
