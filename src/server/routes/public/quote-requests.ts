import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/api/common';
import { quoteRequestCreatedSchema } from '../../../shared/api/quote-requests';
import { CONTACT_BODY_LIMIT_BYTES } from '../../../shared/constants';
import { HONEYPOT_FIELD, quoteRequestInputSchema } from '../../../shared/quote-request-schema';
import { isHoneypotFilled, quoteRequestWriter, receiveQuoteRequest } from '../../modules/quote-requests';

/** POST /api/contact: a quote request from the landing page (SPEC §7). */
const quoteRequests: FastifyPluginAsyncZod = async (app) => {
  const { max, windowMs } = app.config.contactRateLimit;

  // Quote requests are written in batches under load, each with its staff notices (see QuoteRequestWriter).
  const writer = quoteRequestWriter(app.database, app.mail);
  // The honeypot is not in the contract (people never see it), so it is read before validation strips it.
  const spam = new WeakMap<FastifyRequest, boolean>();

  /**
   * 201 { id, submittedAt } once the row is committed; 400 { message, errors } with
   * nothing stored; 415 for a body that is not JSON; 413 over 16 KB; 429 when rate limited.
   */
  app.post(
    '/api/contact',
    {
      bodyLimit: CONTACT_BODY_LIMIT_BYTES,
      config: { rateLimit: { max, timeWindow: windowMs }, invalidMessage: 'Please correct the highlighted fields' },
      schema: {
        tags: ['quote requests'],
        summary: 'Send a quote request',
        body: quoteRequestInputSchema,
        response: {
          201: quoteRequestCreatedSchema,
          400: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          429: errorBodySchema,
        },
      },
      onRequest: async (request, reply) => {
        const type = request.headers['content-type'] ?? '';
        if (!/^application\/json\s*(;|$)/i.test(type)) {
          return reply.code(415).send({ message: 'Send the request body as JSON (Content-Type: application/json)' });
        }
      },
      preValidation: async (request) => {
        spam.set(request, isHoneypotFilled((request.body as Record<string, unknown> | null)?.[HONEYPOT_FIELD]));
      },
    },
    async (request, reply) => {
      const isSpam = spam.get(request) ?? false;
      const row = await receiveQuoteRequest(writer, request.body, {
        isSpam,
        clientIp: request.ip,
        userAgent: request.headers['user-agent'],
      });
      // Ids only: the person's details stay out of the logs.
      request.log.info({ quoteRequestId: row.id, spam: isSpam }, 'quote request stored');
      return reply.code(201).send({ id: row.id, submittedAt: row.submittedAt.toISOString() });
    },
  );
};

export default quoteRequests;
