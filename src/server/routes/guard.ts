import type { FastifyInstance } from 'fastify';
import { roleMay, type Permission, type Role } from '../../shared/policy';
import { toSignedInUser } from '../modules/accounts';
import { SECOND_FACTOR_NEEDED, passkeyRequired } from '../../shared/passkeys';

export interface Audience {
  /** The group's name, for messages. */
  name: 'portal' | 'console' | 'crew';
  /** Who may use the group at all. */
  admits(role: Role): boolean;
  /** The 403 message for everyone else. */
  refusal: string;
}

/**
 * The one guard of a protected route group (fastify/demo's autohooks, made explicit
 * because the server ships as one bundle): every route registered after it, in its
 * encapsulated context, must name its permission, and every request to one is
 * authenticated (401), admitted to the group (403), and checked against the policy
 * table (403) before its body is even parsed. The handler then has `request.user`, and
 * checks the policy's conditions (such as "their own customer") on the record it loads.
 */
export function guardRouteGroup(app: FastifyInstance, audience: Audience) {
  app.addHook('onRoute', (route) => {
    if (!route.config?.permission) {
      throw new Error(`${route.method} ${route.url} is in the ${audience.name} group and must name its permission (config.permission)`);
    }
    route.config.audience = audience.name;
    // The OpenAPI document says these routes need the session cookie.
    if (route.schema) route.schema.security = [{ session: [] }];
  });
  app.addHook('onRequest', async (request, reply) => {
    const session = await request.sessionUser();
    if (!session) {
      app.clearStaleSignedInMarker(request, reply);
      return reply.code(401).send({ message: 'Please sign in' });
    }
    const user = toSignedInUser(session);
    if (!audience.admits(user.role)) return reply.code(403).send({ message: audience.refusal });
    const { action, resource } = request.routeOptions.config.permission!;
    if (!roleMay(user.role, action, resource)) return reply.code(403).send({ message: 'Your role does not allow this' });
    // Owners and office staff signed in by e-mail link alone may only set up or confirm their passkey (issue 13).
    if (passkeyRequired(user.role) && !session.secondFactor && !request.routeOptions.config.beforeSecondFactor) {
      request.auditSummary = 'Refused: the session has no passkey yet';
      return reply.code(403).send({ message: SECOND_FACTOR_NEEDED });
    }
    request.user = user;
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route does, in the policy table's words (src/shared/policy.ts). */
    permission?: Permission;
    /**
     * Open to a session of an owner or office member that has no second factor yet: the routes
     * that set up or confirm a passkey, and "who am I". Every other route refuses such a session.
     */
    beforeSecondFactor?: boolean;
    /** The protected group the route is in (set by its guard). */
    audience?: Audience['name'];
  }
}
