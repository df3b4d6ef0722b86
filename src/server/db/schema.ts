import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../shared/policy';
import { QUOTE_REQUEST_STATUSES } from '../../shared/constants';

/**
 * What a search of the inbox looks in: name, e-mail, phone and message, as one text,
 * so one trigram index (pg_trgm) serves \`ilike '%…%'\` at a million rows.
 */
export const QUOTE_REQUEST_SEARCH_TEXT = sql.raw(
  "(lower(name) || ' ' || lower(email) || ' ' || coalesce(phone, '') || ' ' || lower(message))",
);

/**
 * Quote requests from the landing page. Rows are never deleted by the app:
 * spam is kept and marked, so nothing a person sent is ever lost.
 */
export const quoteRequests = pgTable(
  'quote_requests',
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
    /** Where staff are with the request: new, contacted, quoted, won, lost or spam. */
    status: text('status', { enum: QUOTE_REQUEST_STATUSES }).notNull().default('new'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    /** An emergency by its service or its words (src/shared/urgency.ts), decided when it arrives. */
    urgent: boolean('urgent').notNull().default(false),
    /** Urgent and still new: listed first. Kept by PostgreSQL, so a status change moves it at once. */
    pinned: boolean('pinned')
      .notNull()
      .generatedAlwaysAs(sql`urgent and status = 'new'`),
    /** The customer made from this request in the console, if any. */
    customerId: uuid('customer_id').references((): AnyPgColumn => customers.id, { onDelete: 'set null' }),
  },
  (table) => [
    // The inbox lists pinned requests first, then newest first; both orders are keyset reads.
    index('quote_requests_list_idx').on(table.pinned.desc(), table.submittedAt.desc(), table.id.desc()),
    index('quote_requests_status_list_idx').on(table.status, table.pinned.desc(), table.submittedAt.desc(), table.id.desc()),
    // New requests past the promised callback time: the overview's count and oldest wait.
    index('quote_requests_new_waiting_idx')
      .on(table.submittedAt)
      .where(sql`status = 'new'`),
    index('quote_requests_customer_idx').on(table.customerId),
    // Search: one trigram index over everything a search looks in (the same expression as QUOTE_REQUEST_SEARCH_TEXT).
    index('quote_requests_search_idx').using('gin', sql`${QUOTE_REQUEST_SEARCH_TEXT} gin_trgm_ops`),
  ],
);

/** Staff notes on a quote request, with author and time. */
export const quoteRequestNotes = pgTable(
  'quote_request_notes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    quoteRequestId: uuid('quote_request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('quote_request_notes_request_idx').on(table.quoteRequestId, table.createdAt)],
);

export type QuoteRequestRow = typeof quoteRequests.$inferSelect;

/** A customer company: what property managers sign in to see. */
export const customers = pgTable('customers', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  /** The company's name. */
  name: text('name').notNull(),
  /** The person the company deals with, when known (for instance from the quote request it came from). */
  contactName: text('contact_name'),
  email: text('email').notNull().unique(),
  phone: text('phone'),
  address: text('address'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person who can sign in: a customer's user (customerId set) or staff.
 * Emails are stored lower-cased, so lookups are exact.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text('email').notNull().unique(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** owner, office or crew (the company's people), or customer; see src/shared/policy.ts. */
    role: text('role', { enum: ROLES }).notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('users_customer_idx').on(table.customerId),
    check('users_role_check', sql`${table.role} in ('owner', 'office', 'crew', 'customer')`),
  ],
);

export const properties = pgTable(
  'properties',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    propertyType: text('property_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('properties_customer_name_idx').on(table.customerId, table.name)],
);

/** The columns of a property as the API shows it (SPEC §3). */
export const propertyFields = {
  id: properties.id,
  name: properties.name,
  address: properties.address,
  city: properties.city,
  state: properties.state,
  zipCode: properties.zipCode,
  propertyType: properties.propertyType,
};

/**
 * A before/after photo. The files live in the photo store under `storageKey`;
 * `contentHash` (SHA-256 of the original upload) makes imports idempotent.
 */
export const photos = pgTable(
  'photos',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentHash: text('content_hash').notNull(),
    caption: text('caption').notNull().default(''),
    photoType: text('photo_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Widths of the WebP variants written, ascending. */
    variantWidths: integer('variant_widths').array().notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    uploadDate: timestamp('upload_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('photos_property_hash_idx').on(table.propertyId, table.contentHash),
    index('photos_property_upload_idx').on(table.propertyId, table.uploadDate.desc()),
  ],
);

/** Server-side sessions. Only the SHA-256 of the cookie's id is stored, so a leaked table cannot sign anyone in. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * One-time links. Only the token's hash is stored; a link works once. A sign-in link
 * lasts 15 minutes; an invitation (a customer's user or a staff member added in the
 * console) lasts 7 days and names who sent it.
 */
export const signInTokens = pgTable(
  'sign_in_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['sign-in', 'invitation'] })
      .notNull()
      .default('sign-in'),
    invitedBy: uuid('invited_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    returnTo: text('return_to').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('sign_in_tokens_user_idx').on(table.userId),
    check('sign_in_tokens_purpose_check', sql`${table.purpose} in ('sign-in', 'invitation')`),
  ],
);

/** Every e-mail goes through this outbox first, so an SMTP outage delays mail and never loses it. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    replyTo: text('reply_to'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('email_outbox_due_idx').on(table.status, table.nextAttemptAt)],
);

/**
 * The inbox's totals per status and service, so the staff list's total is exact
 * and cheap with a million requests. Triggers on quote_requests append +1/-1
 * rows to the deltas table (appends never contend under a burst of quote
 * requests); the server folds the deltas into the counts every few seconds.
 * Total = counts + deltas, read in one statement. See docs/decisions/003.
 */
export const quoteRequestCounts = pgTable(
  'quote_request_counts',
  {
    status: text('status').notNull(),
    service: text('service').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.status, table.service] })],
);

export const quoteRequestCountDeltas = pgTable('quote_request_count_deltas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  status: text('status').notNull(),
  service: text('service').notNull(),
  delta: integer('delta').notNull(),
});

/**
 * Rate-limit counters shared by every server on one PostgreSQL, so a limit is
 * not multiplied by the number of instances. UNLOGGED: no WAL and no fsync per
 * hit; after a database crash the counters start again from zero, which is fine.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export type UserRow = typeof users.$inferSelect;
