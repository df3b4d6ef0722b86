import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';

const healthSchema = z.object({ status: z.string(), database: z.optional(z.string()), message: z.optional(z.string()) });

/** Liveness and readiness for a load balancer or process manager. */
const health: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { logLevel: 'warn', schema: { tags: ['health'], response: { 200: healthSchema } } }, async () => ({ status: 'ok' }));

  app.get(
    '/readyz',
    { logLevel: 'warn', schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } } },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ready', database: app.database.kind };
      } catch (error) {
        request.log.warn({ err: error }, 'database is not answering');
        return reply.code(503).send({
          status: 'unavailable',
          database: app.database.kind,
          message: 'The database is not answering; requests are refused until it is back.',
        });
      }
    },
  );
};

export default health;
