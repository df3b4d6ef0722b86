import { eq } from 'drizzle-orm';
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
import type { Db } from '../db/database';
import { contactRequests, users } from '../db/schema';
import { enqueueEmail } from '../mail/outbox';
import { newRequestEmail, type NewRequestDetails } from '../mail/templates';

const USER_AGENT_MAX = 512;

const contact: FastifyPluginAsync = async (app) => {
  const { max, windowMs } = app.config.contactRateLimit;

  const inboxUrl = new URL('/admin/submissions', app.config.appUrl).toString();

  /**
   * Queues the new-request e-mail for staff in the same transaction as the request,
   * so both are stored or neither is; the outbox then survives an SMTP outage.
   */
  async function queueStaffNotice(db: Db, details: NewRequestDetails): Promise<number> {
    const recipients = app.config.staffNotifyEmails.length
      ? app.config.staffNotifyEmails
      : (await db.select({ email: users.email }).from(users).where(eq(users.role, 'staff'))).map((u) => u.email);
    for (const to of recipients) await enqueueEmail(db, newRequestEmail(to, details, inboxUrl));
    return recipients.length;
  }

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

      const { row, notices } = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactRequests)
          .values({
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
          })
          .returning({ id: contactRequests.id, submittedAt: contactRequests.submittedAt });
        if (!row) throw new Error('insert returned no row');
        const notices = isSpam
          ? 0
          : await queueStaffNotice(tx as unknown as Db, {
              ...quote,
              phone: quote.phone || null,
              propertySize: quote.propertySize || null,
              urgency: quote.urgency || null,
              id: row.id,
              submittedAt: row.submittedAt,
            });
        return { row, notices };
      });
      if (notices) app.mail.worker.kick();

      // Ids only: the person's details stay out of the logs.
      request.log.info({ contactRequestId: row.id, spam: isSpam }, 'quote request stored');
      const created: ContactCreated = { id: row.id, submittedAt: row.submittedAt.toISOString() };
      return reply.code(201).send(created);
    },
  );
};

export default contact;
