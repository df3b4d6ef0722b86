import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as FirstScreenRender from '../../../client/app/first-screen.server';
import { crewFirstReads } from '../../../client/features/crew/first-reads';
import { estimateFirstReads } from '../../../client/features/estimate-page/first-reads';
import { dashboardFirstReads, propertyFirstReads } from '../../../client/features/dashboard/first-reads';
import { inboxFirstReads, overviewFirstReads } from '../../../client/features/quote-requests/first-reads';
import { scheduleFirstReads } from '../../../client/features/schedule/first-reads';
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER } from '../../../shared/api/quote-requests';
import { apiUrlKey, type FirstReads, type FirstScreenAnswers } from '../../../shared/first-screen';
import { localToday } from '../../../shared/local-dates';
import type { AppPath, Entry } from '../../../shared/routes';
import { encodePersonalPage, firstScreenHtml, modulePreloads, personalHeaders, readManifest } from '../../first-screen-page';
import type { InMemoryPage } from '../../in-memory-page';

/** The answer headers a screen reads, sent with the body (lower case, as Node gives them). */
// `date`: when the answer was made, so the server's render and the hydration count the same waits.
export const FIRST_SCREEN_HEADERS = [TOTAL_COUNT_HEADER, TOTAL_COUNT_CAPPED_HEADER, NEXT_CURSOR_HEADER, 'date'].map((name) =>
  name.toLowerCase(),
);

/** The boot script's key in Vite's manifest: it starts a screen the server rendered (decision 010). */
const BOOT_SCRIPT = 'src/client/entries/boot.ts';

/**
 * The screens whose first data comes with the page: the ones customers, crews and the office open
 * every day. Each screen says what it reads first, and which module holds it (its `first-reads.ts`),
 * so no API URL or client file is written here.
 */
export const FIRST_SCREENS: Partial<Record<AppPath, FirstReads>> = {
  '/customer-dashboard': dashboardFirstReads,
  '/customer-dashboard/properties/:id': propertyFirstReads,
  '/crew': crewFirstReads,
  '/admin': overviewFirstReads,
  '/admin/submissions': inboxFirstReads,
  '/admin/schedule': scheduleFirstReads,
  '/estimates/:token': estimateFirstReads,
};

/** The answers of a page's first reads, as JSON text, and whether its first read found nothing (a public page's 404). */
interface ReadAnswers {
  json: string;
  notFound: boolean;
}

/**
 * The API's answers a screen reads first, as the session's user would get them: each URL goes
 * through the API's own route (`inject()`), so its guard, policy checks, contract and module
 * functions decide, exactly as for the browser's own request. Only 200s are sent with the page;
 * anything else (signed out, another customer's property, a role the route refuses) the screen
 * asks for itself and shows as it always did. A public page (`sessionCookie` null) is read as a
 * visitor, and its 410s come too, with their status. The result is JSON text, keyed by
 * `apiUrlKey`, with each body as the API wrote it.
 */
async function readAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  sessionCookie: string | null,
  urls: string[],
): Promise<ReadAnswers> {
  // As the browser asked: its IP and browser, for the audit log (a refusal) and the rate limits, not light-my-request's.
  const asked = { ...(sessionCookie ? { cookie: sessionCookie } : {}), 'user-agent': request.headers['user-agent'] ?? '' };
  const kept = sessionCookie ? [200] : [200, 410];
  const responses = await Promise.all(urls.map((url) => app.inject({ method: 'GET', url, headers: asked, remoteAddress: request.ip })));
  const answers = responses.map((response, index) => {
    if (!kept.includes(response.statusCode) || !String(response.headers['content-type']).startsWith('application/json')) return null;
    const headers = Object.fromEntries(
      FIRST_SCREEN_HEADERS.flatMap((name) => {
        const value = response.headers[name];
        return typeof value === 'string' ? [[name, value]] : [];
      }),
    );
    const headerJson = Object.keys(headers).length ? `,"headers":${JSON.stringify(headers)}` : '';
    const statusJson = response.statusCode === 200 ? '' : `,"status":${response.statusCode}`;
    return `${JSON.stringify(apiUrlKey(urls[index]!))}:{"body":${response.body}${headerJson}${statusJson}}`;
  });
  return { json: `{${answers.filter(Boolean).join(',')}}`, notFound: !sessionCookie && responses[0]?.statusCode === 404 };
}

type Renderer = typeof FirstScreenRender;

/** The build's file of the screens' server render (scripts/build.ts), beside the client's folder. */
export const renderModuleFile = (clientDir: string) => path.join(path.dirname(clientDir), 'render', 'first-screen.server.js');

const renderers = new Map<string, Promise<Renderer | null>>();

/**
 * The screens' server render, loaded once per build with every screen's code. Null without one
 * (a build without it, as in some tests): the page then carries its data and preloads, and the
 * browser renders the screen.
 */
function loadRenderer(app: FastifyInstance): Promise<Renderer | null> {
  const file = renderModuleFile(app.config.clientDir);
  let loading = renderers.get(file);
  if (!loading) {
    loading = existsSync(file)
      ? import(pathToFileURL(file).href).then(async (renderer: Renderer) => {
          await renderer.loadScreens();
          return renderer;
        })
      : Promise.resolve(null);
    loading = loading.catch((error: unknown) => {
      app.log.error({ err: error }, 'The signed-in screens cannot be rendered on the server; the browser renders them');
      return null;
    });
    renderers.set(file, loading);
  }
  return loading;
}

/** The screen's HTML for these answers, or null (no renderer, or the render failed: the browser renders it then). */
function renderScreen(renderer: Renderer | null, entry: Entry, request: FastifyRequest, answersJson: string): string | null {
  if (!renderer) return null;
  const [pathname = '/', search = ''] = request.url.split('?');
  let markup: string;
  try {
    markup = renderer.renderFirstScreen(entry, pathname, search, JSON.parse(answersJson) as FirstScreenAnswers);
  } catch (error) {
    request.log.error(
      { err: error, route: request.routeOptions.url },
      'A signed-in screen failed to render on the server; the browser renders it',
    );
    return null;
  }
  // An error inside a Suspense boundary does not throw: React writes the boundary's fallback, marked
  // "<!--$!" for the browser to render it again. Every screen's code is loaded before the first render,
  // so nothing suspends for it: such a mark is a failed render, and a half-rendered screen is not sent.
  if (markup.includes(CLIENT_RENDERED_BOUNDARY)) {
    request.log.error(
      { route: request.routeOptions.url },
      'A signed-in screen failed to render on the server inside a Suspense boundary; the browser renders it',
    );
    return null;
  }
  return markup;
}

/** React's mark of a Suspense boundary that the browser must render (an error in it, on the server). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!';

/**
 * For a route of FIRST_SCREENS, the answer to a request that carries a session cookie: the
 * shell with the screen's data and preloads, for that session's user (decision 010). Null for a
 * route without a first screen. The answer itself is null when the session is not a live one, and
 * the caller sends the shell everybody gets. A public screen (a prospect's estimate) answers every
 * request, read without a session, and sends the house's 404 when its first read found nothing.
 */
export function firstScreenPage(app: FastifyInstance, route: AppPath, entry: Entry, shell: InMemoryPage | null) {
  const firstScreen = FIRST_SCREENS[route];
  if (!firstScreen || !shell) return null;
  const manifest = readManifest(app.config.clientDir);
  const preloads = modulePreloads(manifest, `${entry}.html`, firstScreen.screen);
  const bootChunk = manifest[BOOT_SCRIPT];
  const boot = bootChunk ? `/${bootChunk.file}` : null;
  const renderer = loadRenderer(app);
  const html = shell.representations.identity.body.toString('utf8');
  const headers = personalHeaders(shell);

  /** True when it answered; false leaves the request to the shell everybody gets. */
  return async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    let cookie: string | null = null;
    if (!firstScreen.public) {
      const sessionId = request.sessionId();
      if (!sessionId || !(await request.sessionUser())) return false;
      cookie = `${app.sessionCookieName}=${sessionId}`;
    }
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const urls = firstScreen.reads(request.params as Record<string, string>, query, localToday());
    const { json: answersJson, notFound } = await readAnswers(app, request, cookie, urls);
    if (notFound) {
      reply.callNotFound();
      return true;
    }
    const markup = renderScreen(await renderer, entry, request, answersJson);
    const page = firstScreenHtml(html, { preloads, answersJson, markup, boot });
    const { body, encoding } = encodePersonalPage(page, request.headers['accept-encoding']);
    reply.code(200).headers(headers);
    if (encoding) reply.header('content-encoding', encoding);
    // Not the reply itself: a reply is a thenable, and awaiting it waits for the answer to be sent.
    reply.send(body);
    return true;
  };
}
