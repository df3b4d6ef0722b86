import type { FastifyPluginAsync } from 'fastify';

/** Liveness and readiness for a load balancer or process manager. */
const health: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
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
  });
};

export default health;
