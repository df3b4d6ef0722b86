import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import { EARLY_INPUT_SCRIPT } from '../../../shared/early-input-script';
import { ENTRY_FAILED_SCRIPT } from '../../../shared/entry-failed-script';
import { THEME_SCRIPT } from '../../../shared/theme-script';

const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** CSP source for the inline theme script, so no 'unsafe-inline' is needed for scripts. */
export const themeScriptHash = scriptHash(THEME_SCRIPT);

/** CSP source for the inline script that keeps taps made before a server-rendered screen hydrates (decision 010). */
export const earlyInputScriptHash = scriptHash(EARLY_INPUT_SCRIPT);

/** CSP source for the inline script in every entry's shell that shows the not-loaded notice when the entry does not load (issue 22). */
export const entryFailedScriptHash = scriptHash(ENTRY_FAILED_SCRIPT);

/**
 * helmet's header values, worked out once. Its middleware only sets fixed headers
 * for these options, so running it against a recorder gives the whole set.
 * (@fastify/helmet rebuilds the middleware, CSP parsing included, on every request:
 * 16 % of the server's time on a bare route.)
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

export default fp(
  async (app) => {
    const https = app.config.appUrl.protocol === 'https:';
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", themeScriptHash, earlyInputScriptHash, entryFailedScriptHash],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: https ? [] : null,
        },
      },
      strictTransportSecurity: https ? { maxAge: 63072000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Same-origin resources only; the product embeds nothing from elsewhere.
      crossOriginResourcePolicy: { policy: 'same-origin' },
      frameguard: { action: 'deny' },
    });
    app.decorate('securityHeaders', headers);
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The headers every answer carries (lower-case names), for answers made without Fastify's hooks: the pages from memory. */
    securityHeaders: Readonly<Record<string, string>>;
  }
}
