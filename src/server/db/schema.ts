import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Quote requests from the landing page. Rows are never deleted by the app:
 * spam is kept and marked, so nothing a person sent is ever lost.
 */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    service: text('service').notNull(),
    propertySize: text('property_size'),
    urgency: text('urgency'),
    message: text('message').notNull(),
    // Consent evidence: the flag, the exact label the person saw, when, and from where.
    consent: boolean('consent').notNull(),
    consentText: text('consent_text').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
    isSpam: boolean('is_spam').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_requests_submitted_at_idx').on(table.submittedAt.desc(), table.id.desc())],
);

export type ContactRequestRow = typeof contactRequests.$inferSelect;
