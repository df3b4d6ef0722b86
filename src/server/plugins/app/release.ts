import fp from 'fastify-plugin';
import { RELEASE_HEADER } from '../../../shared/release';
import { readRelease } from '../../release';

/**
 * The release of the client this server serves (shared/release.ts), worked out once at start, and
 * named in a header on every API answer: an open tab learns of an upgrade from its next call, and
 * then loads its next screen anew rather than asking for files the upgrade removed (issue 22).
 */
export default fp(
  async (app) => {
    const release = readRelease(app.config.clientDir);
    app.decorate('release', release);
    if (release) {
      app.addHook('onSend', async (request, reply) => {
        if (request.url.startsWith('/api/')) reply.header(RELEASE_HEADER, release);
      });
    }
  },
  { name: 'release', dependencies: ['config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The client build's release, or null without a build. */
    release: string | null;
  }
}
