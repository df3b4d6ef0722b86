import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod/mini';
import { NOT_FOUND_ENTRY, ROUTES, shellFile } from '../../../shared/routes';

const SIGN_IN_LINK_PAGE = '/login/verify';
const NOT_BUILT = 'The site has not been built yet.';

/** A page's contract: HTML, or plain text before the first build. Pages are not API, so the OpenAPI document leaves them out. */
const pageSchema = (params?: z.ZodMiniObject) => ({
  hide: true,
  ...(params ? { params } : {}),
  response: {
    200: { description: 'The page', content: { 'text/html': { schema: z.string() } } },
    503: { description: 'Not built yet', content: { 'text/plain': { schema: z.string() } } },
  },
});

/**
 * The HTML routes. `/` is the landing page, prerendered at build time. Each path of the
 * route table is its audience's shell (portal, console, crew), routed on the client.
 * Every other unknown path answers 404: JSON under /api/, otherwise the portal's shell,
 * whose router shows the not-found screen.
 */
const pages: FastifyPluginAsync = async (app) => {
  const sendPage = (reply: FastifyReply, file: string) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile(file);

  app.get('/', { schema: pageSchema() }, async (_request, reply) => {
    if (!app.clientBuilt)
      return reply.code(503).type('text/plain').send(`${NOT_BUILT} Run \`npm run build\`, then start the server again.`);
    return sendPage(reply, 'index.html');
  });

  // The privacy policy: prerendered like the landing page, and linked from the quote form's consent.
  app.get('/privacy', { schema: pageSchema() }, async (_request, reply) => {
    if (!app.clientBuilt) return reply.code(503).type('text/plain').send(NOT_BUILT);
    return sendPage(reply, 'privacy.html');
  });

  for (const [route, entry] of Object.entries(ROUTES)) {
    // A path's ids are the client's to judge: an unknown one shows its not-found screen.
    const names = [...route.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    const params = names.length ? z.object(Object.fromEntries(names.map((name) => [name, z.string()]))) : undefined;
    app.get(route, { schema: pageSchema(params) }, async (_request, reply) => {
      // A sign-in link's page carries its token in the address: no Referer may take it elsewhere.
      if (route === SIGN_IN_LINK_PAGE) reply.header('Referrer-Policy', 'no-referrer');
      if (!app.clientBuilt) return reply.code(503).type('text/plain').send(NOT_BUILT);
      return sendPage(reply, shellFile(entry));
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    reply.code(404);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (!wantsPage) return reply.send({ message: 'Not found' });
    if (!app.clientBuilt) return reply.type('text/plain').send('404 Page Not Found');
    return sendPage(reply, shellFile(NOT_FOUND_ENTRY));
  });
};

// Not encapsulated: the not-found handler must cover the whole app, static files included.
export default fp(pages, { name: 'pages', dependencies: ['static-files'] });
