import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { mayUseConsole } from '../../../shared/policy';
import { SESSION_COOKIE, findSessionUser, purgeExpiredSignIns, type SessionUser } from '../../modules/accounts/sessions';
import { runPeriodically } from '../../periodic';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Sessions: the cookie holds a random id, the database its hash. `request.sessionUser()`
 * loads the signed-in user once per request; `requireUser` and `requireStaff` guard routes.
 */
export default fp(
  async (app) => {
    await app.register(cookie);
    const secure = app.config.appUrl.protocol === 'https:';

    app.decorateRequest('sessionUser', function (this: FastifyRequest) {
      const cache = this as FastifyRequest & { _sessionUser?: Promise<SessionUser | null> };
      const id = this.cookies?.[SESSION_COOKIE];
      cache._sessionUser ??= id ? findSessionUser(app.db, id) : Promise.resolve(null);
      return cache._sessionUser;
    });

    // Answers that depend on who is signed in must never sit in a shared cache.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/') && request.cookies?.[SESSION_COOKIE] && !reply.hasHeader('Cache-Control')) {
        reply.header('Cache-Control', 'private, no-store');
      }
    });

    // Expired sessions and old sign-in links are deleted hourly (any instance may do it).
    runPeriodically(app, PURGE_INTERVAL_MS, 'purge expired sessions', () => purgeExpiredSignIns(app.db));

    app.decorate('sessionCookieOptions', { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' });

    app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!(await request.sessionUser())) return reply.code(401).send({ message: 'Please sign in' });
    });

    app.decorate('requireStaff', async (request: FastifyRequest, reply: FastifyReply) => {
      const session = await request.sessionUser();
      if (!session) return reply.code(401).send({ message: 'Please sign in' });
      if (!mayUseConsole(session.user.role)) return reply.code(403).send({ message: 'This is for staff only' });
    });
  },
  { name: 'auth', dependencies: ['database', 'config'] },
);

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser(): Promise<SessionUser | null>;
  }
  interface FastifyInstance {
    sessionCookieOptions: { httpOnly: true; sameSite: 'lax'; secure: boolean; path: string };
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}
