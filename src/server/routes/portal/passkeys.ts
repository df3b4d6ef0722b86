import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBodySchema, idParamsSchema } from '../../../shared/api/common';
import {
  addPasskeySchema,
  passkeyAddedSchema,
  passkeyListSchema,
  recoveryCodesSchema,
  renamePasskeySchema,
  webauthnOptionsSchema,
  type WebauthnOptions,
} from '../../../shared/api/passkeys';
import {
  REAUTHENTICATE,
  REAUTHENTICATE_PROBLEM,
  RECENT_SIGN_IN_MINUTES,
  SECOND_FACTOR_NEEDED,
  passkeyRequired,
} from '../../../shared/passkeys';
import { RequestError } from '../../errors';
import {
  countPasskeys,
  countRecoveryCodesLeft,
  createRecoveryCodes,
  defaultPasskeyName,
  listPasskeys,
  registerPasskey,
  registrationOptions,
  relyingPartyOf,
  removePasskey,
  renamePasskey,
} from '../../modules/accounts';
import { beginSession } from '../begin-session';
import { fullName } from '../../../shared/display-name';

const tags = ['account'];

/**
 * "Passkeys" in your account (issue 13): the company's people add, rename and remove their
 * passkeys, and make new recovery codes. Changes are recorded in the audit log as passkey changes.
 */
const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const rp = relyingPartyOf(app.config.appUrl);

  /**
   * A session opened by e-mail link alone may add a passkey only while the account has none
   * (the first, which the console asks for). Once there is one, adding another takes a session
   * confirmed with it, or a stolen link would be enough to add an attacker's passkey.
   */
  async function mayAddPasskey(request: FastifyRequest) {
    const session = (await request.sessionUser())!;
    const count = await countPasskeys(app.db, request.user.id);
    if (!session.secondFactor && passkeyRequired(request.user.role) && count > 0) {
      request.auditSummary = 'Refused: the session has no passkey yet';
      throw new RequestError(403, SECOND_FACTOR_NEEDED);
    }
    // The first passkey protects nothing yet; any later one changes how the account signs in.
    if (count > 0) await requireRecentSignIn(request);
    return session;
  }

  /**
   * Changing how one signs in takes a recent sign-in (ASVS 7.5.1): each passkey or recovery-code
   * confirmation opens a new session, so the session's age says when the person last proved it
   * was them. An older one gets a 403 the client answers with the passkey prompt, then tries again.
   */
  async function requireRecentSignIn(request: FastifyRequest) {
    const session = (await request.sessionUser())!;
    if (Date.now() - session.startedAt.getTime() > RECENT_SIGN_IN_MINUTES * 60 * 1000) {
      request.auditSummary = 'Refused: needs a recent sign-in';
      throw new RequestError(403, REAUTHENTICATE, undefined, REAUTHENTICATE_PROBLEM);
    }
  }

  app.get(
    '/api/account/passkeys',
    {
      config: { permission: { action: 'list', resource: 'passkey' } },
      schema: { tags, summary: 'Your passkeys, and how many recovery codes are left', response: { 200: passkeyListSchema } },
    },
    async (request) => ({
      passkeys: (await listPasskeys(app.db, request.user.id)).map((passkey) => ({
        ...passkey,
        createdAt: passkey.createdAt.toISOString(),
        lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
      })),
      required: passkeyRequired(request.user.role),
      recoveryCodesLeft: await countRecoveryCodesLeft(app.db, request.user.id),
    }),
  );

  app.post(
    '/api/account/passkeys/options',
    {
      config: { permission: { action: 'create', resource: 'passkey' }, beforeSecondFactor: true },
      schema: { tags, summary: 'A challenge for adding a passkey', response: { 200: webauthnOptionsSchema, 403: errorBodySchema } },
    },
    async (request) => {
      await mayAddPasskey(request);
      const { id, email, firstName, lastName } = request.user;
      const name = fullName({ firstName, lastName });
      return { ...(await registrationOptions(app.db, rp, { id, email, name })) } as WebauthnOptions;
    },
  );

  app.post(
    '/api/account/passkeys',
    {
      config: { permission: { action: 'create', resource: 'passkey' }, beforeSecondFactor: true, audit: 'passkey' },
      schema: {
        tags,
        summary: 'Add a passkey (with the first one, 10 recovery codes, shown once)',
        body: addPasskeySchema,
        response: { 201: passkeyAddedSchema, 400: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const session = await mayAddPasskey(request);
      const name = request.body.name ?? defaultPasskeyName(String(request.headers['user-agent'] ?? ''));
      const user = request.user;
      const passkey = await registerPasskey(app.db, rp, user.id, request.body.response as unknown as RegistrationResponseJSON, name);
      request.auditSummary = passkey.first ? 'Added a first passkey' : 'Added a passkey';
      const recoveryCodes = passkey.first ? await createRecoveryCodes(app.db, user.id) : null;
      // The passkey was just used, with its PIN or biometrics: a session the link opened now counts as confirmed, under a new id.
      if (!session?.secondFactor) await beginSession(request, reply, user.id, { secondFactor: 'passkey', action: 'sign-in.passkey-added' });
      return reply.code(201).send({ passkey: { id: passkey.id, name: passkey.name }, recoveryCodes });
    },
  );

  app.patch(
    '/api/account/passkeys/:id',
    {
      config: { permission: { action: 'update', resource: 'passkey' }, audit: 'passkey' },
      schema: {
        tags,
        summary: 'Rename one of your passkeys',
        params: idParamsSchema,
        body: renamePasskeySchema,
        response: { 204: z.null(), 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await renamePasskey(app.db, request.user.id, request.params.id, request.body.name);
      request.auditSummary = 'Renamed a passkey';
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/account/passkeys/:id',
    {
      config: { permission: { action: 'delete', resource: 'passkey' }, audit: 'passkey' },
      schema: {
        tags,
        summary: 'Remove one of your passkeys (never the last one the console needs)',
        params: idParamsSchema,
        response: { 204: z.null(), 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      await requireRecentSignIn(request);
      await removePasskey(app.db, request.user, request.params.id);
      request.auditSummary = 'Removed a passkey';
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/account/recovery-codes',
    {
      config: { permission: { action: 'create', resource: 'recoveryCode' }, audit: 'passkey' },
      schema: {
        tags,
        summary: 'Make 10 new recovery codes (the old ones stop working)',
        response: { 201: recoveryCodesSchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      await requireRecentSignIn(request);
      if ((await countPasskeys(app.db, request.user.id)) === 0) {
        throw new RequestError(409, 'Recovery codes stand in for a passkey: please add a passkey first.');
      }
      request.auditSummary = 'Made new recovery codes';
      return reply.code(201).send({ codes: await createRecoveryCodes(app.db, request.user.id) });
    },
  );
};

export default passkeyRoutes;
