import type { FastifyPluginAsync } from 'fastify';
import { CONTACT_BODY_LIMIT_BYTES } from '../../shared/constants';
import {
  CONSENT_LABEL,
  HONEYPOT_FIELD,
  contactFieldErrors,
  contactRequestSchema,
  type ContactCreated,
  type ValidationErrorBody,
} from '../../shared/contact-schema';
import { QuoteRequestWriter } from '../modules/quote-requests/quote-request-writer';

const USER_AGENT_MAX = 512;

const contact: FastifyPluginAsync = async (app) => {
  const { max, windowMs } = app.config.contactRateLimit;

  // Quote requests are written in batches under load, each with its staff notices (see QuoteRequestWriter).
  const writer = new QuoteRequestWriter(app.database, {
    staffNotifyEmails: app.config.staffNotifyEmails,
    inboxUrl: new URL('/admin/submissions', app.config.appUrl).toString(),
    concurrency: app.database.kind === 'postgres' ? 4 : 1,
  });

  /**
   * POST /api/contact: a quote request from the landing page.
   * 201 { id, submittedAt } once the row is committed; 400 { message, errors } with
   * nothing stored; 415 for a body that is not JSON; 413 over 16 KB; 429 when rate limited.
   */
  app.post(
    '/api/contact',
    {
      bodyLimit: CONTACT_BODY_LIMIT_BYTES,
      config: { rateLimit: { max, timeWindow: windowMs } },
      onRequest: async (request, reply) => {
        const type = request.headers['content-type'] ?? '';
        if (!/^application\/json\s*(;|$)/i.test(type)) {
          return reply.code(415).send({ message: 'Send the request body as JSON (Content-Type: application/json)' });
        }
      },
    },
    async (request, reply) => {
      const body: unknown = request.body;
      const parsed = contactRequestSchema.safeParse(body);
      if (!parsed.success) {
        const answer: ValidationErrorBody = {
          message: 'Please correct the highlighted fields',
          errors: contactFieldErrors(parsed.error.issues),
        };
        return reply.code(400).send(answer);
      }

      const honeypot = (body as Record<string, unknown>)[HONEYPOT_FIELD];
      const isSpam = typeof honeypot === 'string' ? honeypot.trim() !== '' : honeypot !== undefined && honeypot !== null;
      const quote = parsed.data;
      const now = new Date();

      const row = await writer.store({
        status: isSpam ? 'spam' : 'new',
        name: quote.name,
        email: quote.email,
        phone: quote.phone || null,
        service: quote.service,
        propertySize: quote.propertySize || null,
        urgency: quote.urgency || null,
        message: quote.message,
        consent: quote.consent,
        consentText: CONSENT_LABEL,
        consentedAt: now,
        clientIp: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
        isSpam,
        submittedAt: now,
      });
      if (row.notices) app.mail.worker.kick();

      // Ids only: the person's details stay out of the logs.
      request.log.info({ quoteRequestId: row.id, spam: isSpam }, 'quote request stored');
      const created: ContactCreated = { id: row.id, submittedAt: row.submittedAt.toISOString() };
      return reply.code(201).send(created);
    },
  );
};

export default contact;
