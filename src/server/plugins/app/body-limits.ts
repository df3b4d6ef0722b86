import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { RequestError } from '../../errors';

/**
 * The largest JSON body any route takes unless it names a smaller limit of its own (the quote form:
 * 16 KB). The largest real body, a service plan with 30 checklist items, is under 20 KB; Fastify's
 * default of 1 MiB let anyone make the server parse a megabyte of deeply nested JSON per request.
 * Photo uploads are multipart, read by the route with their own limits (read-photo-upload.ts).
 */
export const BODY_LIMIT_BYTES = 32 * 1024;

export const NO_BODY_MESSAGE = 'This request takes no body: send it without one';

const METHODS_WITH_BODIES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True for a route whose contract declares no body: not a JSON one, not an upload, and no limit of its own (a form's). */
function takesNoBody(route: RouteOptions): boolean {
  const methods = [route.method].flat();
  if (!methods.some((method) => METHODS_WITH_BODIES.has(method))) return false;
  const consumes = (route.schema?.consumes as string[] | undefined) ?? [];
  return !route.schema?.body && !consumes.includes('multipart/form-data') && route.bodyLimit === undefined;
}

/**
 * A route that takes no body refuses one (413) before anything is read: a body there is a mistake
 * or a probe, and either way nothing the route would look at.
 */
export default fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if (!takesNoBody(route)) return;
      route.config ??= {};
      route.config.takesNoBody = true;
    });
    app.addHook('preParsing', async (request) => {
      if (!request.routeOptions.config.takesNoBody) return;
      const length = request.headers['content-length'];
      if ((length !== undefined && Number(length) !== 0) || request.headers['transfer-encoding'] !== undefined) {
        throw new RequestError(413, NO_BODY_MESSAGE);
      }
    });
  },
  { name: 'body-limits' },
);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set for a route that declares no body (no body schema, no upload, no limit of its own): it refuses one. */
    takesNoBody?: boolean;
  }
}
