import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every state-changing request must come from our own pages. Browsers send
 * Sec-Fetch-Site and Origin on such requests; when either shows another site,
 * the request is refused before any work is done. Clients that send neither
 * (curl, server-to-server) cannot carry a visitor's cookies and are let through.
 */
export default fp(
  async (app) => {
    const appOrigin = app.config.appUrl.origin;
    app.decorateRequest('refusedCrossSite', false);
    const refuse = (request: FastifyRequest, reply: FastifyReply) => {
      // Anyone can send these: the audit log keeps them apart, counted per IP and minute (plugins/app/audit.ts).
      request.refusedCrossSite = true;
      return reply.code(403).send({ message: 'Cross-site requests are not allowed' });
    };
    app.addHook('onRequest', async (request, reply) => {
      if (SAFE_METHODS.has(request.method)) return;
      const fetchSite = request.headers['sec-fetch-site'];
      if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return refuse(request, reply);
      const origin = request.headers.origin;
      if (origin && origin !== appOrigin && origin !== `${request.protocol}://${request.host}`) return refuse(request, reply);
    });
  },
  { name: 'same-origin', dependencies: ['config'] },
);

declare module 'fastify' {
  interface FastifyRequest {
    /** True when the same-origin check refused the request (403). */
    refusedCrossSite: boolean;
  }
}
