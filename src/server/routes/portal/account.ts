import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authResponseSchema } from '../../../shared/api/accounts';

/** GET /api/auth/user: who is signed in (SPEC §7); 401 when nobody is. */
const account: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth/user',
    {
      config: { permission: { action: 'read', resource: 'account' } },
      schema: { tags: ['portal'], summary: 'The signed-in user', response: { 200: authResponseSchema } },
    },
    async (request) => {
      const { id, email, firstName, lastName, role, customer } = request.user;
      return {
        user: { id, email, firstName, lastName, role },
        customer: customer ? { name: customer.name, email: customer.email, phone: customer.phone, address: customer.address } : null,
      };
    },
  );
};

export default account;
