import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';

/** GET /api/openapi.json: the OpenAPI 3.1 document, built from the routes' contracts, for staff. */
const apiDocs: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/openapi.json',
    {
      config: { permission: { action: 'read', resource: 'apiDocs' } },
      schema: { hide: true, response: { 200: z.record(z.string(), z.unknown()) } },
    },
    async () => app.swagger() as unknown as Record<string, unknown>,
  );
};

export default apiDocs;
