import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { ENTRIES, NOT_FOUND_ENTRY, ROUTES, shellFile, type AppPath } from '../../../shared/routes';
import { answerPage, chooseRepresentation, loadPage, withHeaders, type InMemoryPage } from '../../in-memory-page';
import { firstScreenPage } from './first-screen';

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
 *
 * The pages are read once, at start, with their brotli and gzip twins (in-memory-page.ts):
 * a new build needs a restart, as the server code does. The paths without parameters are
 * also answered ahead of Fastify when the server listens (page-fast-path.ts); these routes
 * answer them for `inject()`, and the paths with parameters, with the same bytes and headers.
 */
const pages: FastifyPluginAsync = async (app) => {
  /** From disk as before, for a page the build did not write (the tests' partial builds). */
  const sendPageFile = (reply: FastifyReply, file: string) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile(file);

  const loaded = new Map<string, InMemoryPage | null>();
  const pageOf = (file: string) => {
    if (!loaded.has(file)) loaded.set(file, app.clientBuilt ? loadPage(app.config.clientDir, file, app.securityHeaders) : null);
    return loaded.get(file) ?? null;
  };

  /**
   * A page for `path`, answered from memory here and, for a path without parameters, ahead of
   * Fastify; with `personal`, only to requests without a session cookie (first-screen.ts).
   */
  const servePage = (path: string, file: string, extraHeaders?: Record<string, string>, personal = false) => {
    // A cache must not answer a signed-in request with the visitors' shell it kept, nor the reverse.
    const headers = personal ? { ...extraHeaders, vary: 'Accept-Encoding, Cookie' } : extraHeaders;
    const shell = pageOf(file);
    const page = shell && headers ? withHeaders(shell, headers) : shell;
    if (page && !path.includes(':')) app.pageFastPath.add(path, page, personal ? app.sessionCookieName : undefined);
    return (request: FastifyRequest, reply: FastifyReply) => {
      if (!page) return sendPageFile(reply, file);
      // GET's answer also for HEAD: Fastify's HEAD route drops the body and keeps its length.
      const answer = answerPage(page, 'GET', request.headers);
      return reply
        .code(answer.status)
        .headers(answer.headers)
        .send(answer.body ?? undefined);
    };
  };

  for (const entry of ENTRIES) pageOf(shellFile(entry));

  const landing = servePage('/', 'index.html');
  app.get('/', { schema: pageSchema() }, async (request, reply) => {
    if (!app.clientBuilt)
      return reply.code(503).type('text/plain').send(`${NOT_BUILT} Run \`npm run build\`, then start the server again.`);
    return landing(request, reply);
  });

  // The privacy policy: prerendered like the landing page, and linked from the quote form's consent.
  const privacy = servePage('/privacy', 'privacy.html');
  app.get('/privacy', { schema: pageSchema() }, async (request, reply) => {
    if (!app.clientBuilt) return reply.code(503).type('text/plain').send(NOT_BUILT);
    return privacy(request, reply);
  });

  for (const [route, entry] of Object.entries(ROUTES)) {
    // A path's ids are the client's to judge: an unknown one shows its not-found screen.
    const names = [...route.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    const params = names.length ? z.object(Object.fromEntries(names.map((name) => [name, z.string()]))) : undefined;
    // A sign-in link's page carries its token in the address: no Referer may take it elsewhere.
    const ownHeaders = route === SIGN_IN_LINK_PAGE ? { 'referrer-policy': 'no-referrer' } : undefined;
    // The screens people open every day come with their first data for a signed-in user (decision 010).
    const firstScreen = firstScreenPage(app, route as AppPath, entry, pageOf(shellFile(entry)));
    const shell = servePage(route, shellFile(entry), ownHeaders, firstScreen !== null);
    app.get(route, { schema: pageSchema(params) }, async (request, reply) => {
      if (ownHeaders) reply.headers(ownHeaders);
      if (!app.clientBuilt) return reply.code(503).type('text/plain').send(NOT_BUILT);
      if (firstScreen && (await firstScreen(request, reply))) return reply;
      return shell(request, reply);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    reply.code(404);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (!wantsPage) return reply.send({ message: 'Not found' });
    if (!app.clientBuilt) return reply.type('text/plain').send('404 Page Not Found');
    const notFoundPage = pageOf(shellFile(NOT_FOUND_ENTRY));
    if (!notFoundPage) return sendPageFile(reply, shellFile(NOT_FOUND_ENTRY));
    // Never a 304: a condition is only for a successful answer.
    const representation = chooseRepresentation(notFoundPage, request.headers['accept-encoding']);
    return reply.headers(representation.headers).send(representation.body);
  });
};

// Not encapsulated: the not-found handler must cover the whole app, static files included.
export default fp(pages, { name: 'pages', dependencies: ['static-files', 'security-headers', 'auth'] });
