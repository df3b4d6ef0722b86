import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../../shared/policy';
import { SIGNED_IN_COOKIE, entryOfRole } from '../../../shared/session-marker';
import { SESSION_COOKIE, findSessionUser, type SessionUser, type SignedInUser } from '../../modules/accounts';

const kUser = Symbol('signed-in user');

/**
 * Sessions: the cookie holds a random id, the database its hash. `request.sessionUser()`
 * loads the signed-in user once per request. A protected route group's guard
 * (routes/guard.ts) sets `request.user`; reading it anywhere else is a programming error.
 */
export default fp(
  async (app) => {
    await app.register(cookie);
    const secure = app.config.appUrl.protocol === 'https:';
    // Over https the cookie is `__Host-` prefixed: the browser then insists on Secure, Path=/ and no Domain.
    const cookieName = secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
    app.decorate('sessionCookieName', cookieName);
    app.decorateRequest('sessionId', function (this: FastifyRequest) {
      return this.cookies?.[cookieName];
    });

    app.decorateRequest('sessionUser', function (this: FastifyRequest) {
      const cache = this as FastifyRequest & { _sessionUser?: Promise<SessionUser | null> };
      const id = this.sessionId();
      cache._sessionUser ??= id ? findSessionUser(app.db, id) : Promise.resolve(null);
      return cache._sessionUser;
    });

    app.decorateRequest('user', {
      getter(this: FastifyRequest & { [kUser]?: SignedInUser }) {
        const user = this[kUser];
        if (!user) throw new Error('request.user is only set in a signed-in route group (portal, console, crew)');
        return user;
      },
      setter(this: FastifyRequest & { [kUser]?: SignedInUser }, user: SignedInUser) {
        this[kUser] = user;
      },
    });

    // Answers that depend on who is signed in must never sit in a shared cache.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/') && request.sessionId() && !reply.hasHeader('Cache-Control')) {
        reply.header('Cache-Control', 'private, no-store');
      }
    });

    const sessionCookieOptions = { httpOnly: true, sameSite: 'lax', secure, path: '/' } as const;
    app.decorate('sessionCookieOptions', sessionCookieOptions);
    // The marker page scripts may read (shared/session-marker.ts): no secret, the same lifetime.
    const markerOptions = { ...sessionCookieOptions, httpOnly: false } as const;

    app.decorate('setSessionCookies', (reply: FastifyReply, session: { id: string; role: Role; expiresAt: Date }) => {
      // The browser keeps the cookie until the session's absolute end; the idle timeout is the server's.
      const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000));
      reply.setCookie(cookieName, session.id, { ...sessionCookieOptions, maxAge });
      reply.setCookie(SIGNED_IN_COOKIE, entryOfRole(session.role), { ...markerOptions, maxAge });
    });
    app.decorate('clearSessionCookies', (reply: FastifyReply) => {
      reply.clearCookie(cookieName, sessionCookieOptions);
      reply.clearCookie(SIGNED_IN_COOKIE, markerOptions);
    });
    /** A request whose session is gone (expired, revoked, signed out elsewhere) but still carries the marker: clear it. */
    app.decorate('clearStaleSignedInMarker', (request: FastifyRequest, reply: FastifyReply) => {
      if (request.cookies?.[SIGNED_IN_COOKIE] !== undefined) reply.clearCookie(SIGNED_IN_COOKIE, markerOptions);
    });
  },
  { name: 'auth', dependencies: ['database', 'config'] },
);

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser(): Promise<SessionUser | null>;
    /** The session cookie's value (`session`, or `__Host-session` over https), if any. */
    sessionId(): string | undefined;
    /** The signed-in user; set by the guard of the portal, console and crew route groups. */
    user: SignedInUser;
  }
  interface FastifyInstance {
    sessionCookieOptions: { httpOnly: true; sameSite: 'lax'; secure: boolean; path: string };
    sessionCookieName: string;
    /** Sets the session's cookie and the signed-in marker beside it (shared/session-marker.ts). */
    setSessionCookies(reply: FastifyReply, session: { id: string; role: Role; expiresAt: Date }): void;
    /** Clears both, at logout. */
    clearSessionCookies(reply: FastifyReply): void;
    clearStaleSignedInMarker(request: FastifyRequest, reply: FastifyReply): void;
  }
}
