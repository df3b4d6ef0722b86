import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authResponseSchema } from '../../../shared/api/accounts';
import { passkeyRequired, passkeyState } from '../../../shared/passkeys';
import { countPasskeys } from '../../modules/accounts';

/** GET /api/auth/user: who is signed in (SPEC §7); 401 when nobody is. */
const account: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth/user',
    {
      // A session still waiting for its passkey may ask who it is: the console shows the passkey step from this.
      config: { permission: { action: 'read', resource: 'account' }, beforeSecondFactor: true },
      schema: { tags: ['portal'], summary: 'The signed-in user', response: { 200: authResponseSchema } },
    },
    async (request) => {
      const { id, email, firstName, lastName, role, customer } = request.user;
      const session = await request.sessionUser();
      const secondFactor = session?.secondFactor ?? null;
      return {
        user: { id, email, firstName, lastName, role },
        customer: customer ? { name: customer.name, email: customer.email, phone: customer.phone, address: customer.address } : null,
        // Counted only where it decides something: a link-only session of someone who must have a passkey.
        passkey: passkeyState(role, secondFactor, !secondFactor && passkeyRequired(role) ? await countPasskeys(app.db, id) : 0),
      };
    },
  );
};

export default account;
