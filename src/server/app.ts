import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import pino from 'pino';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import { registerJobs } from './jobs/index';
import type { PhotoStorage } from './modules/photos';
import { pageFastPath, type PageFastPath } from './page-fast-path';
import auditPlugin from './plugins/app/audit';
import bodyLimitsPlugin, { BODY_LIMIT_BYTES } from './plugins/app/body-limits';
import authPlugin from './plugins/app/auth';
import configPlugin from './plugins/app/config';
import databasePlugin from './plugins/app/database';
import errorsPlugin from './plugins/app/errors';
import mailPlugin from './plugins/app/mail';
import photosPlugin from './plugins/app/photos';
import releasePlugin from './plugins/app/release';
import sameOriginPlugin from './plugins/app/same-origin';
import rateLimitPlugin from './plugins/external/rate-limit';
import securityHeadersPlugin from './plugins/external/security-headers';
import staticFilesPlugin from './plugins/external/static-files';
import contractsPlugin from './plugins/app/contracts';
import consoleRoutes from './routes/console/index';
import crewRoutes from './routes/crew/index';
import crewVisits from './routes/crew/visits';
import pageRoutes from './routes/public/pages';
import portalRoutes from './routes/portal/index';
import publicRoutes from './routes/public/index';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** `false` for silence (tests); by default, the app's own pino settings. */
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (stdout unless given); tests read the lines. */
  loggerStream?: { write(line: string): void };
  /** Photo files; by default the configured store (the S3 bucket, or DATA_DIR/photos). */
  photoStorage?: PhotoStorage;
  /** Routes registered after the product's own and before the pages (tests: a probe in a route group). */
  extraRoutes?: (app: FastifyInstance) => Promise<unknown>;
  /** How long a request may take to arrive, and a connection may stay silent; REQUEST_TIMEOUTS unless a test says less. */
  timeouts?: RequestTimeouts;
}

export interface RequestTimeouts {
  /** The whole request, headers and body, must have arrived within this (else 408 and the connection closes). */
  requestMs: number;
  /** A connection silent this long, in the middle of a request or its answer, is closed. */
  connectionMs: number;
}

/**
 * A request must arrive whole within 2 minutes: a 20 MB photo from a phone needs about 1.4 Mbit/s
 * for that (behind nginx, which reads the whole body first, it arrives at once). A connection may be
 * silent for 1 minute, as long as nginx waits for an answer (`proxy_read_timeout`); the longest
 * quiet answer, a monthly PDF, starts within seconds. Without these, a client that sends a body a
 * byte at a time holds its connection, and the memory behind it, for ever.
 */
export const REQUEST_TIMEOUTS: RequestTimeouts = { requestMs: 120_000, connectionMs: 60_000 };

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** An estimate's private link carries its token in the path (`/estimates/<token>`, `/api/estimates/<token>/…`). */
const ESTIMATE_TOKEN_IN_PATH = /^(\/(?:api\/)?estimates\/)[^/?]+/;

/**
 * The log line for a request: method and path only. Query strings and headers can hold personal data,
 * and an estimate link's token is a credential, so it is logged as `:token`.
 */
export function serializeRequest(request: { method?: string; url?: string }) {
  return { method: request.method, path: request.url?.split('?', 1)[0]?.replace(ESTIMATE_TOKEN_IN_PATH, '$1:token') };
}

/** The request's id: the caller's X-Request-Id when it is a plain token (a proxy's), else a new one. */
function requestIdFrom(incoming: string | string[] | undefined) {
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

const requestId = (request: IncomingMessage) => requestIdFrom(request.headers['x-request-id']);

/**
 * An error for the log. A failed query's message carries its parameters, and the database's own
 * message often quotes the value it refused (a name, an e-mail): such an error is logged with its
 * SQL, the database's error code and its stack frames only (ASVS 16.2.5).
 */
export function serializeError(error: Error) {
  const serialized = pino.stdSerializers.err(error);
  const query = (error as { query?: unknown }).query;
  if (typeof query !== 'string' || !Array.isArray((error as { params?: unknown }).params)) return serialized;
  const cause = error.cause as { code?: unknown } | undefined;
  return {
    type: serialized.type,
    message: `Failed query: ${query}`,
    code: typeof cause?.code === 'string' ? cause.code : undefined,
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n'),
  };
}

export async function buildApp({
  config,
  database,
  logger,
  loggerStream,
  photoStorage,
  extraRoutes,
  timeouts = REQUEST_TIMEOUTS,
}: BuildAppOptions) {
  // The prerendered pages and the shells, answered from memory ahead of Fastify (routes/public/pages.ts).
  const fastPath = pageFastPath();
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      serializers: { req: serializeRequest, err: serializeError },
      ...(loggerStream ? { stream: loggerStream } : {}),
    },
    trustProxy: config.trustProxy,
    genReqId: requestId,
    // Every JSON body (plugins/app/body-limits.ts); a route may name a smaller limit of its own.
    bodyLimit: BODY_LIMIT_BYTES,
    serverFactory: fastPath.serverFactory,
    // Behind a proxy, give in-flight requests time to finish on shutdown while refusing new ones.
    return503OnClosing: true,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionMs,
    http: {
      // Node checks request timeouts on this interval (30 s by default), so a shorter one is kept to.
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(timeouts.requestMs / 4))),
      // Node's headers timeout (60 s) must not exceed the request timeout, or Node swaps the two.
      headersTimeout: Math.min(60_000, timeouts.requestMs),
    },
  });
  // Every route as declared, for the tests that walk them all (guards, access matrix, contracts).
  const routeCatalog: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routeCatalog.push(route));
  app.decorate('routeCatalog', routeCatalog);
  // Only JSON bodies are accepted anywhere; a text/plain body gets 415.
  app.removeContentTypeParser('text/plain');
  // While shutting down, answers carry `Connection: close`, so keep-alive sockets of
  // in-flight requests end with them and close() does not wait on idle clients.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    fastPath.stop();
  });
  fastPath.attach(app.log, requestIdFrom);
  app.decorate('pageFastPath', fastPath);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    if (closing) reply.header('Connection', 'close');
  });

  // External plugins, then the app's own, then routes (the fastify/demo order).
  await app.register(configPlugin, { config });
  await app.register(securityHeadersPlugin);
  await app.register(rateLimitPlugin, { database });
  await app.register(staticFilesPlugin);
  await app.register(databasePlugin, { database });
  await app.register(contractsPlugin);
  await app.register(errorsPlugin);
  await app.register(bodyLimitsPlugin);
  await app.register(sameOriginPlugin);
  await app.register(authPlugin);
  await app.register(auditPlugin);
  await app.register(mailPlugin);
  await app.register(photosPlugin, { storage: photoStorage });
  await app.register(releasePlugin);

  // Routes by audience; each protected group has one guard (routes/guard.ts).
  await app.register(publicRoutes);
  await app.register(portalRoutes);
  await app.register(consoleRoutes);
  await app.register(crewRoutes, { routes: [crewVisits] });
  if (extraRoutes) await extraRoutes(app);
  await app.register(pageRoutes);

  // All periodic work (visits, report e-mails, inbox totals, purges), on every instance (jobs/).
  registerJobs(app);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The pages answered from memory ahead of Fastify's routing, when the server listens. */
    pageFastPath: PageFastPath;
    /** Every route registered, with its options (config, schema). */
    routeCatalog: readonly RouteOptions[];
  }
}
