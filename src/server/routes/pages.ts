import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { APP_ROUTES } from '../../shared/routes';

/**
 * The HTML routes. `/` is the landing page, prerendered at build time. Every
 * other unknown path answers 404: JSON under /api/, otherwise the app shell,
 * whose router shows the not-found screen.
 */
const pages: FastifyPluginAsync = async (app) => {
  app.get('/', async (_request, reply) => {
    if (!app.clientBuilt) {
      return reply.code(503).type('text/plain').send('The site has not been built yet. Run `npm run build`, then start the server again.');
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  });

  // The portal's screens: the app shell routes them on the client.
  for (const route of APP_ROUTES) {
    app.get(route, async (_request, reply) => {
      if (!app.clientBuilt) return reply.code(503).type('text/plain').send('The site has not been built yet.');
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('app.html');
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    reply.code(404);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (!wantsPage) return reply.send({ message: 'Not found' });
    if (!app.clientBuilt) return reply.type('text/plain').send('404 Page Not Found');
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('app.html');
  });
};

// Not encapsulated: the not-found handler must cover the whole app, static files included.
export default fp(pages, { name: 'pages', dependencies: ['static-files'] });
