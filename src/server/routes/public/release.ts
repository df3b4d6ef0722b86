import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { RELEASE_PATH } from '../../../shared/release';

/**
 * Which release of the client this server serves (plugins/app/release.ts). A tab whose code failed
 * to load asks it, to tell an upgrade that removed its files (it then loads the page anew) from a
 * connection that dropped (it then says so).
 */
const release: FastifyPluginAsyncZod = async (app) => {
  app.get(
    RELEASE_PATH,
    {
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'The release of the client this server serves',
        response: { 200: z.object({ release: z.nullable(z.string()) }) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { release: app.release };
    },
  );
};

export default release;
