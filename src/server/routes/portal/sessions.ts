import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBodySchema, idParamsSchema } from '../../../shared/api/common';
import { accountSessionSchema } from '../../../shared/api/sessions';
import { browserOf } from '../../../shared/user-agent';
import { NotFoundError } from '../../errors';
import { endOtherSessions, endSession, listSessions } from '../../modules/accounts';

const tags = ['account'];

/** "Your sessions": every signed-in user's own browsers, each with its device and last use, to end one or all the others. */
const sessions: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account/sessions',
    {
      config: { permission: { action: 'list', resource: 'session' } },
      schema: { tags, summary: 'Your signed-in browsers, the most recently used first', response: { 200: z.array(accountSessionSchema) } },
    },
    async (request) =>
      (await listSessions(app.db, request.user.id, request.sessionId())).map((session) => ({
        id: session.publicId,
        current: session.current,
        device: browserOf(session.userAgent),
        ip: session.ip,
        signedInAt: session.createdAt.toISOString(),
        lastUsedAt: session.lastUsedAt.toISOString(),
      })),
  );

  app.delete(
    '/api/account/sessions/:id',
    {
      config: { permission: { action: 'delete', resource: 'session' } },
      schema: { tags, summary: 'Sign one of your sessions out', params: idParamsSchema, response: { 204: z.null(), 404: errorBodySchema } },
    },
    async (request, reply) => {
      const ended = await endSession(app.db, request.user.id, request.params.id, request.sessionId());
      if (!ended) throw new NotFoundError();
      if (ended.current) app.clearSessionCookies(reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/account/sessions/sign-out-others',
    {
      config: { permission: { action: 'delete', resource: 'session' } },
      schema: { tags, summary: 'Sign out everywhere else: every session but this one', response: { 200: z.object({ ended: z.number() }) } },
    },
    async (request) => ({ ended: await endOtherSessions(app.db, request.user.id, request.sessionId()!) }),
  );
};

export default sessions;
