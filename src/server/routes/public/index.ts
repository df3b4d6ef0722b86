import type { FastifyPluginAsync } from 'fastify';
import health from './health';
import quoteRequests from './quote-requests';
import signIn from './sign-in';

/** Routes anyone may call: health checks, quote requests, and signing in and out. */
const publicRoutes: FastifyPluginAsync = async (app) => {
  await app.register(health);
  await app.register(quoteRequests);
  await app.register(signIn);
};

export default publicRoutes;
