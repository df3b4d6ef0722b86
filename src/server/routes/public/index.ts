import type { FastifyPluginAsync } from 'fastify';
import estimates from './estimates';
import health from './health';
import quoteRequests from './quote-requests';
import reports from './reports';
import passkeySignIn from './passkey-sign-in';
import release from './release';
import signIn from './sign-in';

/** Routes anyone may call: health checks and the release, quote requests, the prospect's estimate page, signing in and out, and stopping report e-mails. */
const publicRoutes: FastifyPluginAsync = async (app) => {
  await app.register(health);
  await app.register(release);
  await app.register(quoteRequests);
  await app.register(estimates);
  await app.register(reports);
  await app.register(signIn);
  await app.register(passkeySignIn);
};

export default publicRoutes;
