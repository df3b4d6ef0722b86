import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

/**
 * Rate limits are opt-in per route (`config.rateLimit`). Counters live in memory,
 * which is right for one instance; several instances would share a Redis store.
 */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      keyGenerator: (request) => request.ip,
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        message: `Too many requests. Please try again in ${context.after}.`,
      }),
    });
  },
  { name: 'rate-limit' },
);
