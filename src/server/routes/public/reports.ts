import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBodySchema } from '../../../shared/api/common';
import { UNSUBSCRIBE_NOT_FOUND, unsubscribeQuerySchema, unsubscribeResultSchema } from '../../../shared/api/report-emails';
import { RequestError } from '../../errors';
import { unsubscribeFromReports } from '../../modules/reports';
import { unsubscribePaths } from '../../modules/mail';

const tags = ['public'];

/** "dana.k@example.com" as "da…@example.com": enough to recognise, not to harvest. */
const partlyHidden = (email: string) => email.replace(/^(.{1,2})[^@]*/, '$1…');

/**
 * Stopping service report e-mails without signing in, with the token every report carries.
 * POST is RFC 8058's one-click (mail programs send `List-Unsubscribe=One-Click` as a form);
 * GET only leads to the page, since mail scanners open links and must not unsubscribe anyone.
 */
const reports: FastifyPluginAsyncZod = async (app) => {
  // The one-click body is a form; its content is not needed (the token is in the URL).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, {}));

  app.post(
    '/api/reports/unsubscribe',
    {
      config: { rateLimit: { max: 30, timeWindow: 60 * 60 * 1000 } },
      // RFC 8058's form is one short field; its content is not read.
      bodyLimit: 1024,
      schema: {
        tags,
        summary: 'Stop service report e-mails (RFC 8058 one-click); changes nothing else',
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeResultSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const user = await unsubscribeFromReports(app.db, request.query.token);
      if (!user) throw new RequestError(404, UNSUBSCRIBE_NOT_FOUND);
      return { email: partlyHidden(user.email) };
    },
  );

  app.get(
    '/api/reports/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Leads to the page that stops report e-mails',
        querystring: unsubscribeQuerySchema,
        response: { 303: z.null(), 400: errorBodySchema },
      },
    },
    async (request, reply) => reply.redirect(unsubscribePaths.page(request.query.token), 303),
  );
};

export default reports;
