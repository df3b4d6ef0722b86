import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import { answerPage, type Headers, type InMemoryPage } from './in-memory-page';

/**
 * Headers as node:http's flat [name, value, …] list, made once per set: writeHead takes it
 * without building a headers object for each answer.
 */
const flatHeaders = new WeakMap<Headers, readonly string[]>();
function flat(headers: Headers): readonly string[] {
  let list = flatHeaders.get(headers);
  if (!list) flatHeaders.set(headers, (list = Object.entries(headers).flat()));
  return list;
}

/**
 * GET and HEAD of the prerendered pages and the audiences' shells, answered from memory
 * before Fastify sees the request (issue 14). Fastify's routing, request and reply objects
 * and hooks cost more than sending 11.7 KB from memory does; `npm run bench` shows the
 * difference. Everything else, and these paths too while the server is closing, goes on to
 * Fastify as before; `inject()` never passes here, so the tests reach the same pages through
 * their Fastify routes (routes/public/pages.ts), which answer with the same bytes and headers.
 *
 * What Fastify would have added is added here: the X-Request-Id (as genReqId makes it) and,
 * when the log level is `info` or lower, its two request log lines.
 */
export interface PageFastPath {
  /** For Fastify's `serverFactory` option: a node:http server that tries the pages first. */
  serverFactory: FastifyServerFactory;
  /**
   * Answers `path` (without a query) from memory; routes/public/pages.ts adds each page once it is
   * loaded. With `unlessCookie`, a request whose Cookie header names that cookie goes on to Fastify:
   * a signed-in screen's page is made for its user (decision 010).
   */
  add(path: string, page: InMemoryPage, unlessCookie?: string): void;
  /** Set once the app exists: the logger and the request id maker (given the request's X-Request-Id, if any). */
  attach(logger: FastifyBaseLogger, requestId: (incoming: string | undefined) => string): void;
  /** From the start of closing: Fastify answers everything again (503 and `Connection: close`). */
  stop(): void;
}

/** The options Fastify hands its server factory, its defaults filled in. */
interface ServerSettings {
  http?: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/** The request headers a page's answer reads. */
interface PageRequestHeaders {
  'accept-encoding'?: string;
  'if-none-match'?: string;
  'if-modified-since'?: string;
  cookie?: string;
  'x-request-id'?: string;
}

/**
 * Those headers, read off node:http's raw [name, value, …] list in one pass: `request.headers`
 * would build an object of every header a browser sends (a dozen or more) for each page. A
 * header sent twice is joined as node:http joins it (a list with ", ", cookies with "; "), except
 * If-Modified-Since, whose first value counts, as there.
 */
function readHeaders(raw: readonly string[]): PageRequestHeaders {
  const headers: PageRequestHeaders = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (
      name !== 'accept-encoding' &&
      name !== 'if-none-match' &&
      name !== 'if-modified-since' &&
      name !== 'cookie' &&
      name !== 'x-request-id'
    )
      continue;
    const value = raw[i + 1]!;
    const before = headers[name];
    if (before === undefined) headers[name] = value;
    else if (name === 'cookie') headers[name] = `${before}; ${value}`;
    else if (name !== 'if-modified-since') headers[name] = `${before}, ${value}`;
  }
  return headers;
}

export function pageFastPath(): PageFastPath {
  const pages = new Map<string, InMemoryPage>();
  /** Per path, `name=` of the cookie that sends its request on to Fastify. */
  const personalCookies = new Map<string, string>();
  let logger: (FastifyBaseLogger & { isLevelEnabled?(level: string): boolean }) | null = null;
  let requestId: ((incoming: string | undefined) => string) | null = null;
  let stopped = false;

  /** True when the page was answered here. */
  function tryAnswer(request: IncomingMessage, response: ServerResponse): boolean {
    if (stopped || (request.method !== 'GET' && request.method !== 'HEAD') || !logger || !requestId) return false;
    const url = request.url ?? '';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const page = pages.get(path);
    if (!page) return false;
    const headers = readHeaders(request.rawHeaders);
    // Any doubt (another cookie whose name ends the same) only costs the Fastify route, which answers the same shell to a visitor.
    const personal = personalCookies.get(path);
    if (personal && headers.cookie?.includes(personal)) return false;

    const started = performance.now();
    const id = requestId(headers['x-request-id']);
    const logging = logger.isLevelEnabled?.('info') ?? true;
    if (logging) logger.info({ reqId: id, req: request }, 'incoming request');
    const answer = answerPage(page, request.method, headers);
    response.writeHead(answer.status, [...flat(answer.headers), 'x-request-id', id]);
    response.end(answer.body ?? undefined);
    if (logging) logger.info({ reqId: id, res: response, responseTime: performance.now() - started }, 'request completed');
    return true;
  }

  return {
    serverFactory(handler, fastifyOptions) {
      const options = fastifyOptions as unknown as ServerSettings;
      const server = http.createServer(options.http ?? {}, (request, response) => {
        if (!tryAnswer(request, response)) handler(request, response);
      });
      // What Fastify does to the server it makes itself (fastify/lib/server.js).
      server.keepAliveTimeout = options.keepAliveTimeout;
      server.requestTimeout = options.requestTimeout;
      server.setTimeout(options.connectionTimeout);
      if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    },
    add(path, page, unlessCookie) {
      pages.set(path, page);
      if (unlessCookie) personalCookies.set(path, `${unlessCookie}=`);
    },
    attach(log, makeId) {
      logger = log;
      requestId = makeId;
    },
    stop() {
      stopped = true;
    },
  };
}
