import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the production build. Hashed files under /assets/ never change, so they
 * are cached for a year; everything else (HTML, robots.txt, icons) is revalidated.
 * Dot-files are never served; the build keeps its own metadata out of this folder.
 * Brotli and gzip twins written at build time are chosen by Accept-Encoding.
 */
export default fp(
  async (app) => {
    const root = app.config.clientDir;
    app.decorate('clientBuilt', existsSync(path.join(root, 'index.html')));
    await app.register(fastifyStatic, {
      root: existsSync(root) ? root : process.cwd(),
      serve: app.clientBuilt,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      serveDotFiles: false,
      // `serveDotFiles` only governs the glob of a non-wildcard setup: `send` itself must refuse
      // a path with a dot-file or dot-folder in it (a 404, as for a missing file).
      dotfiles: 'ignore',
      setHeaders(res, filePath) {
        const relative = path.relative(root, filePath);
        res.setHeader('Cache-Control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      },
    });
  },
  { name: 'static-files', dependencies: ['config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** False when `npm run build` has not produced the client yet (API-only tests). */
    clientBuilt: boolean;
  }
}
