import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  customType,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../shared/policy';
import { QUOTE_REQUEST_STATUSES } from '../../shared/constants';
import { REPORT_FREQUENCIES } from '../../shared/reports';
import { SERVICE_REQUEST_KINDS, SERVICE_REQUEST_STATUSES } from '../../shared/service-requests';
import { AUDIT_KINDS, AUDIT_OUTCOMES } from '../../shared/audit';
import { SECOND_FACTORS } from '../../shared/passkeys';
import { AGREEMENT_STATUSES, STORED_ESTIMATE_STATUSES } from '../../shared/estimates';
import { AGREEMENT_TERMS, SERVICE_UNITS, TAX_CLASSES } from '../../shared/estimate-totals';
import { TAX_JURISDICTIONS } from '../../shared/tax-jurisdictions';
import {
  INVOICE_LINE_KINDS,
  LATE_FEE_KINDS,
  NUMBER_SERIES,
  PAYMENT_METHODS,
  PAYMENT_TERMS,
  STORED_INVOICE_STATUSES,
} from '../../shared/invoices';
import {
  CHECK_IN_LOCATION_STATUSES,
  LOCATION_SOURCES,
  SITE_ISSUE_TYPES,
  SKIP_REASONS,
  VISIT_EVENT_KINDS,
  VISIT_KINDS,
  VISIT_STATUSES,
} from '../../shared/visits';

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
  /**
   * A prospect, not yet a customer: made when a quote request's free property visit is put on the
   * schedule (issue 24), so the visit, its property and photos have an owner. Accepting an estimate
   * makes it a customer. A prospect has no portal users.
   */
  prospect: boolean('prospect').notNull().default(false),
  /** When its invoices fall due (issue 25): due on receipt, or net 15 to 60 days. */
  paymentTerms: text('payment_terms', { enum: PAYMENT_TERMS }).notNull().default('net_30'),
  /** One invoice per property instead of one per customer with a section per property. */
  invoicePerProperty: boolean('invoice_per_property').notNull().default(false),
  /** Where invoices are addressed, when not the company's address on file. */
  billingAddress: text('billing_address'),
  /** No payment reminder goes out while paused (a dispute, an arrangement). */
  remindersPaused: boolean('reminders_paused').notNull().default(false),
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
    /** A customer's user: service report e-mails after every visit, weekly, or none. */
    reportFrequency: text('report_frequency', { enum: REPORT_FREQUENCIES }).notNull().default('every_visit'),
    /** The unguessable part of the one-click unsubscribe link (RFC 8058): it changes only reportFrequency. */
    unsubscribeToken: uuid('unsubscribe_token')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Switched off: no session of theirs works, and no link signs them in, until enabled again. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * When a customer's user was first invited to the portal (or first signed in). Null: added by staff
     * and not told of the account yet, so no report e-mail goes to them. Existing rows count as invited.
     */
    invitedAt: timestamp('invited_at', { withTimezone: true }).defaultNow(),
  },
  (table) => [
    index('users_customer_idx').on(table.customerId),
    check('users_role_check', sql`${table.role} in ('owner', 'office', 'crew', 'customer')`),
    check('users_report_frequency_check', sql`${table.reportFrequency} in ('every_visit', 'weekly', 'none')`),
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
    /** Where the lot is (WGS 84), for the crew's check-in fence and the maps link; staff only, never shown to customers. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationSource: text('location_source', { enum: LOCATION_SOURCES }),
    /**
     * A location proposed by the first crew check-in at a property that had none; it becomes
     * the location when a staff member confirms it.
     */
    proposedLatitude: doublePrecision('proposed_latitude'),
    proposedLongitude: doublePrecision('proposed_longitude'),
    proposedByVisitId: uuid('proposed_by_visit_id'),
    /** Whose sales tax applies (src/shared/tax-jurisdictions.ts); existing properties were set from their city. */
    taxJurisdiction: text('tax_jurisdiction', { enum: TAX_JURISDICTIONS }).notNull().default('wisconsin'),
    /** The customer's purchase-order number for this site, printed on its invoice section (issue 25). */
    poNumber: text('po_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('properties_customer_name_idx').on(table.customerId, table.name),
    check('properties_latitude_check', sql`${table.latitude} between -90 and 90`),
    check('properties_longitude_check', sql`${table.longitude} between -180 and 180`),
    check('properties_location_pair_check', sql`(${table.latitude} is null) = (${table.longitude} is null)`),
  ],
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
    /** The visit it was taken on (crew photos, or staff adding to a visit's record). */
    visitId: uuid('visit_id').references((): AnyPgColumn => visits.id, { onDelete: 'set null' }),
    /** The site issue it shows (type `other`). */
    siteIssueId: uuid('site_issue_id').references((): AnyPgColumn => siteIssues.id, { onDelete: 'set null' }),
    uploadedBy: uuid('uploaded_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Chosen on the crew's phone: a retried upload is stored once. */
    idempotencyKey: text('idempotency_key').unique(),
    /** The customer's problem report it was sent with: kept out of the property's photo grid. */
    serviceRequestId: uuid('service_request_id').references((): AnyPgColumn => serviceRequests.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('photos_property_hash_idx').on(table.propertyId, table.contentHash),
    index('photos_property_upload_idx').on(table.propertyId, table.uploadDate.desc()),
    index('photos_visit_idx').on(table.visitId),
    index('photos_service_request_idx').on(table.serviceRequestId),
  ],
);

/**
 * A customer's request from the portal on one of their properties: an extra cleanup (preferred
 * dates, a note) or a problem report (a note and photos). Staff schedule, finish or decline it.
 */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kind: text('kind', { enum: SERVICE_REQUEST_KINDS }).notNull(),
    status: text('status', { enum: SERVICE_REQUEST_STATUSES }).notNull().default('received'),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** The customer's user who sent it: status e-mails go to them. */
    requestedBy: uuid('requested_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Local dates, earliest first (extra cleanups). */
    preferredDates: date('preferred_dates', { mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    note: text('note').notNull().default(''),
    scheduledDate: date('scheduled_date', { mode: 'string' }),
    reply: text('reply'),
    /** The one-off visit staff made from it. */
    visitId: uuid('visit_id').references((): AnyPgColumn => visits.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('service_requests_property_idx').on(table.propertyId, table.createdAt.desc()),
    index('service_requests_status_idx').on(table.status, table.createdAt.desc()),
    check('service_requests_kind_check', sql`${table.kind} in ('extra_cleanup', 'problem_report')`),
    check('service_requests_status_check', sql`${table.status} in ('received', 'scheduled', 'done', 'declined')`),
    check('service_requests_scheduled_check', sql`${table.status} <> 'scheduled' or ${table.scheduledDate} is not null`),
  ],
);

/**
 * The photos a problem report shows, in the order sent. A photo the property already had (the
 * same file, stored once) is linked here too, so the report shows every photo its sender chose.
 */
export const serviceRequestPhotos = pgTable(
  'service_request_photos',
  {
    serviceRequestId: uuid('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    photoId: uuid('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.serviceRequestId, table.photoId] }),
    index('service_request_photos_photo_idx').on(table.photoId),
  ],
);

/**
 * A service plan: recurring work at a property. `rrule` is an RFC 5545 RRULE without DTSTART
 * (for instance FREQ=WEEKLY;BYDAY=MO,TH), read on local dates from `startDate`.
 * Without a window the visit is "anytime", done on a route.
 */
export const servicePlans = pgTable(
  'service_plans',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rrule: text('rrule').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    windowStart: time('window_start'),
    windowEnd: time('window_end'),
    checklist: text('checklist')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    instructions: text('instructions').notNull().default(''),
    /** The crew members assigned (users with role crew), copied onto each visit made. */
    crewUserIds: uuid('crew_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Visits exist up to this local date; the horizon job extends it. */
    generatedThrough: date('generated_through'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('service_plans_property_idx').on(table.propertyId),
    check(
      'service_plans_window_check',
      sql`(${table.windowStart} is null) = (${table.windowEnd} is null) and (${table.windowStart} is null or ${table.windowStart} < ${table.windowEnd})`,
    ),
    check('service_plans_dates_check', sql`${table.endDate} is null or ${table.endDate} >= ${table.startDate}`),
  ],
);

/**
 * One visit to a property on a local date: made from a plan (occurrenceDate is the plan's
 * date, so making visits twice never makes two), or a one-off (planId null).
 * `customized` is set once staff move, reassign or edit it: plan edits leave it alone.
 */
export const visits = pgTable(
  'visits',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').references(() => servicePlans.id, { onDelete: 'set null' }),
    /** The plan's own date for this visit; with planId, unique. */
    occurrenceDate: date('occurrence_date'),
    /** The local date (America/Chicago) the visit is on. */
    scheduledDate: date('scheduled_date').notNull(),
    windowStart: time('window_start'),
    windowEnd: time('window_end'),
    instructions: text('instructions').notNull().default(''),
    crewUserIds: uuid('crew_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    status: text('status', { enum: VISIT_STATUSES }).notNull().default('scheduled'),
    /** A service visit, or a prospect's free property assessment (never billed, no service report). */
    kind: text('kind', { enum: VISIT_KINDS }).notNull().default('service'),
    skipReason: text('skip_reason', { enum: SKIP_REASONS }),
    skipNote: text('skip_note'),
    customized: boolean('customized').notNull().default(false),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: uuid('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    /** Staff only: where the phone was at check-in. */
    checkInLatitude: doublePrecision('check_in_latitude'),
    checkInLongitude: doublePrecision('check_in_longitude'),
    checkInAccuracyMeters: doublePrecision('check_in_accuracy_meters'),
    checkInDistanceMeters: doublePrecision('check_in_distance_meters'),
    checkInLocationStatus: text('check_in_location_status', { enum: CHECK_IN_LOCATION_STATUSES }),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    checkedOutBy: uuid('checked_out_by').references(() => users.id, { onDelete: 'set null' }),
    /** The crew's note at the end of the visit. */
    note: text('note').notNull().default(''),
    /** When its service report e-mails were queued (once per visit, by the reports job). */
    reportQueuedAt: timestamp('report_queued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('visits_plan_occurrence_idx').on(table.planId, table.occurrenceDate),
    index('visits_date_idx').on(table.scheduledDate),
    index('visits_property_date_idx').on(table.propertyId, table.scheduledDate.desc()),
    index('visits_crew_idx').using('gin', table.crewUserIds),
    /** The missed-visit job's work: visits still open, by date. */
    index('visits_open_idx')
      .on(table.scheduledDate)
      .where(sql`status in ('scheduled', 'in_progress')`),
    check('visits_status_check', sql`${table.status} in ('scheduled', 'in_progress', 'completed', 'skipped', 'missed')`),
    check('visits_kind_check', sql`${table.kind} in ('service', 'assessment')`),
    check('visits_skip_check', sql`(${table.status} = 'skipped') = (${table.skipReason} is not null)`),
    check('visits_window_check', sql`(${table.windowStart} is null) = (${table.windowEnd} is null)`),
  ],
);

/** A visit's checklist, item by item, copied from its plan when the visit is made. */
export const visitChecklistItems = pgTable(
  'visit_checklist_items',
  {
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: uuid('done_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [primaryKey({ columns: [table.visitId, table.position] })],
);

/** Something a crew found on a site. */
export const siteIssues = pgTable(
  'site_issues',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    issueType: text('issue_type', { enum: SITE_ISSUE_TYPES }).notNull(),
    note: text('note').notNull().default(''),
    reportedBy: uuid('reported_by').references(() => users.id, { onDelete: 'set null' }),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
    /** Chosen on the crew's phone: a retried report is stored once. */
    idempotencyKey: text('idempotency_key').unique(),
  },
  (table) => [index('site_issues_visit_idx').on(table.visitId)],
);

/**
 * A visit's timeline: each event with when it happened and who did it. Corrections by staff
 * are events too (kind `corrected`, with what changed in `detail`), so the record shows who made them.
 */
export const visitEvents = pgTable(
  'visit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: VISIT_EVENT_KINDS }).notNull(),
    /** When it happened (on the phone, for crew actions sent later). */
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** A short summary: for instance the checklist item, the photo id, the old and new date. No personal data. */
    detail: jsonb('detail')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (table) => [index('visit_events_visit_idx').on(table.visitId, table.at)],
);

/**
 * Crew actions already applied, by the idempotency key chosen on the phone: a retried
 * action answers what it answered the first time and changes nothing.
 */
export const crewActions = pgTable('crew_actions', {
  key: text('key').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  visitId: uuid('visit_id').references(() => visits.id, { onDelete: 'cascade' }),
  action: text('action').notNull(),
  response: jsonb('response').$type<unknown>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Server-side sessions. Only the SHA-256 of the cookie's id is stored, so a leaked table cannot sign anyone in. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end: the sign-in's time plus the role's maximum. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** What "Your sessions" names it by (the id's hash never leaves the server). */
    publicId: uuid('public_id')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    /** Written at most every few minutes; the session ends `idle_seconds` after it. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    idleSeconds: integer('idle_seconds').notNull().default(2592000),
    /** Where it was signed in from, for "Your sessions". */
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    /**
     * The second factor this session was opened or confirmed with: a passkey, or a recovery code after an
     * e-mail link. Null for a link alone, which owners and office staff must still confirm (shared/passkeys.ts).
     */
    secondFactor: text('second_factor', { enum: SECOND_FACTORS }),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    check('sessions_second_factor_check', sql`${table.secondFactor} in ('passkey', 'recovery-code')`),
  ],
);

/**
 * Staff's passkeys (WebAuthn credentials, verified by @simplewebauthn/server). The public key and
 * the signature counter are what a sign-in is checked against; the name, added and last used are
 * what the person sees to tell them apart.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential's id, base64url, as the browser names it. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** singleDevice or multiDevice (synced), and whether it is backed up: shown beside its name. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('passkeys_user_idx').on(table.userId)],
);

/**
 * One-time recovery codes, 10 per set, for a staff member without their passkey. Each is stored
 * as an scrypt hash with the set's salt; a used code keeps its row (used_at) until a new set replaces it.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId)],
);

/**
 * WebAuthn challenges handed out and not yet answered: each works once, for a few minutes, on
 * any instance. A registration's names its user; a sign-in's names nobody (the passkey says who).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'authenticate'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('webauthn_challenges_purpose_check', sql`${table.purpose} in ('register', 'authenticate')`)],
);

/**
 * One-time links. Only the token's hash is stored; a link works once. A sign-in link
 * lasts 10 minutes and is bound to the browser that asked for it; an invitation (a customer's user or a staff member added in the
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
    /**
     * The SHA-256 of the nonce in the HttpOnly cookie of the browser that asked for the link:
     * there it signs in at once; anywhere else (and for links no browser asked for: invitations,
     * the operator's links, where this is null) the person first confirms the account's e-mail.
     */
    browserNonceHash: text('browser_nonce_hash'),
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
    /** Extra headers, such as List-Unsubscribe on report e-mails. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** It carries a sign-in or invitation link: its text and HTML are blanked once it is sent (ASVS 5.0, issue 13). */
    sensitive: boolean('sensitive').notNull().default(false),
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

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The most an e-mail's attached files (PDFs) may weigh together, in bytes: 7 MiB, about 9.8 MB once
 * base64-encoded, so the message stays under the 10 MB that many receiving servers accept. The
 * outbox refuses more (outbox.ts), and the table refuses a larger file.
 */
export const MAX_ATTACHMENT_BYTES = 7 * 1024 * 1024;

/**
 * The parts an e-mail carries besides its text, kept with it until it is sent and then deleted:
 * images shown inside it ('inline', by Content-ID) and attached files ('attachment', a PDF).
 * Each part's bytes are stored once, here, and nowhere else.
 */
export const emailAttachments = pgTable(
  'email_attachments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    emailId: uuid('email_id')
      .notNull()
      .references(() => emailOutbox.id, { onDelete: 'cascade' }),
    disposition: text('disposition', { enum: ['inline', 'attachment'] })
      .notNull()
      .default('inline'),
    /** An inline image's Content-ID (the HTML shows it as `cid:<contentId>`); none for an attached file. */
    contentId: text('content_id'),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
  },
  (table) => [
    index('email_attachments_email_idx').on(table.emailId),
    check('email_attachments_disposition_check', sql`${table.disposition} in ('inline', 'attachment')`),
    check('email_attachments_content_id_check', sql`(${table.disposition} = 'inline') = (${table.contentId} is not null)`),
    check('email_attachments_size_check', sql`octet_length(${table.data}) <= ${sql.raw(String(MAX_ATTACHMENT_BYTES))}`),
  ],
);

/** Weekly summaries queued, one per user and week (the week's Monday), so two instances never send one twice. */
export const reportDigests = pgTable(
  'report_digests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekStart: date('week_start').notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.weekStart] })],
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
export type VisitRow = typeof visits.$inferSelect;
export type ServicePlanRow = typeof servicePlans.$inferSelect;

/**
 * The audit log (issue 13): every staff write, export, sign-in and failed sign-in, passkey and
 * role change, and permission refusal. Append-only: a trigger (migration 0010) refuses updates,
 * and deletes of events younger than the retention; personal data is referenced by id, never
 * copied. The actor is kept as an id without a foreign key, so the trail outlives the account.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** write, export, sign_in, sign_in_failed, sign_out, refused, passkey. */
    kind: text('kind', { enum: AUDIT_KINDS }).notNull(),
    actorId: uuid('actor_id'),
    actorRole: text('actor_role'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    /** The route ("PATCH /api/admin/service-requests/:id") or the named action ("sign-in.link"). */
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** ok, refused or failed. */
    outcome: text('outcome', { enum: AUDIT_OUTCOMES }).notNull(),
    statusCode: integer('status_code'),
    summary: text('summary').notNull().default(''),
    /** How many requests the event stands for: 1, but for `refused_anonymous`, one event per IP and minute (`at` is that minute). */
    count: integer('count').notNull().default(1),
  },
  (table) => [
    index('audit_events_at_idx').on(table.at.desc()),
    index('audit_events_actor_idx').on(table.actorId, table.at.desc()),
    index('audit_events_kind_idx').on(table.kind, table.at.desc()),
    // One `refused_anonymous` event per IP and minute, counted up by an upsert (migration 0015 lets the trigger allow that).
    uniqueIndex('audit_events_refused_anonymous_minute_idx')
      .on(table.ip, table.at)
      .where(sql`kind = 'refused_anonymous'`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Prices, estimates and service agreements (issue 24). Money is integer cents (`…_cents`), rates
// and discounts integer basis points (`…_bp`, 1 % = 100). See src/shared/estimate-totals.ts.
// ---------------------------------------------------------------------------------------------

const SERVICE_UNIT_VALUES = SERVICE_UNITS;
/** Wisconsin taxes landscaping but not the cleaning of real property (docs/operations.md). */
const TAX_CLASS_VALUES = TAX_CLASSES;
const TERM_VALUES = AGREEMENT_TERMS;
const TAX_JURISDICTION_VALUES = TAX_JURISDICTIONS;

const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * The price book: the company's services and their default prices. An estimate line copies the
 * name, unit, price and tax class when it is made, so a price change reaches only later estimates.
 * Services are retired (`active` false), never deleted, so old lines keep their reference.
 */
export const priceBookServices = pgTable(
  'price_book_services',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    unit: text('unit', { enum: SERVICE_UNIT_VALUES }).notNull(),
    priceCents: integer('price_cents').notNull(),
    taxClass: text('tax_class', { enum: TAX_CLASS_VALUES }).notNull(),
    /** The checklist the plans made from it start with. */
    checklist: text('checklist')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('price_book_services_name_idx').on(sql`lower(${table.name})`),
    check('price_book_services_unit_check', sql`${table.unit} in (${sqlList(SERVICE_UNIT_VALUES)})`),
    check('price_book_services_tax_class_check', sql`${table.taxClass} in (${sqlList(TAX_CLASS_VALUES)})`),
    check('price_book_services_price_check', sql`${table.priceCents} between 0 and 100000000`),
  ],
);

/**
 * The company's billing settings: one row (`id` is always true). Term discounts and the sales-tax
 * rates of the jurisdictions it works in, with defaults (docs/operations.md: confirm with the Wisconsin DOR).
 */
export const billingSettings = pgTable(
  'billing_settings',
  {
    id: boolean('id').primaryKey().default(true),
    monthToMonthDiscountBp: integer('month_to_month_discount_bp').notNull().default(0),
    sixMonthDiscountBp: integer('six_month_discount_bp').notNull().default(500),
    twelveMonthDiscountBp: integer('twelve_month_discount_bp').notNull().default(1000),
    stateTaxBp: integer('state_tax_bp').notNull().default(500),
    milwaukeeCountyTaxBp: integer('milwaukee_county_tax_bp').notNull().default(90),
    milwaukeeCityTaxBp: integer('milwaukee_city_tax_bp').notNull().default(200),
    waukeshaCountyTaxBp: integer('waukesha_county_tax_bp').notNull().default(50),
    /** A visit the company skipped (weather, a holiday) on a monthly line is credited unless this is off (issue 25). */
    creditCompanySkips: boolean('credit_company_skips').notNull().default(true),
    /** How to pay by ACH, printed on every invoice (bank, routing and account numbers); empty: checks only. */
    achInstructions: text('ach_instructions').notNull().default(''),
    /** Days before the due date for the friendly reminder (null: none), and days after it for the overdue ones. */
    reminderDaysBefore: integer('reminder_days_before').default(3),
    reminderDaysAfter: integer('reminder_days_after')
      .array()
      .notNull()
      .default(sql`'{7,14,30}'::integer[]`),
    /** Late fees: off by default; a flat amount or a percentage of what is overdue, after a grace period past the due date. */
    lateFeeKind: text('late_fee_kind', { enum: LATE_FEE_KINDS }).notNull().default('off'),
    lateFeeFlatCents: integer('late_fee_flat_cents').notNull().default(0),
    lateFeePercentBp: integer('late_fee_percent_bp').notNull().default(0),
    lateFeeGraceDays: integer('late_fee_grace_days').notNull().default(0),
    /** The price-book services that bill a customer's extra cleanup (per visit) and a problem's callout (per hour). */
    extraCleanupServiceId: uuid('extra_cleanup_service_id').references((): AnyPgColumn => priceBookServices.id, { onDelete: 'set null' }),
    calloutServiceId: uuid('callout_service_id').references((): AnyPgColumn => priceBookServices.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('billing_settings_one_row_check', sql`${table.id}`),
    check(
      'billing_settings_late_fee_check',
      sql`${table.lateFeeKind} in ('off', 'flat', 'percent') and ${table.lateFeeFlatCents} between 0 and 100000000 and ${table.lateFeePercentBp} between 0 and 10000 and ${table.lateFeeGraceDays} between 0 and 365`,
    ),
    check('billing_settings_reminder_check', sql`${table.reminderDaysBefore} is null or ${table.reminderDaysBefore} between 1 and 60`),
    check(
      'billing_settings_bp_check',
      sql`least(${table.monthToMonthDiscountBp}, ${table.sixMonthDiscountBp}, ${table.twelveMonthDiscountBp}, ${table.stateTaxBp}, ${table.milwaukeeCountyTaxBp}, ${table.milwaukeeCityTaxBp}, ${table.waukeshaCountyTaxBp}) >= 0 and greatest(${table.monthToMonthDiscountBp}, ${table.sixMonthDiscountBp}, ${table.twelveMonthDiscountBp}, ${table.stateTaxBp}, ${table.milwaukeeCountyTaxBp}, ${table.milwaukeeCityTaxBp}, ${table.waukeshaCountyTaxBp}) <= 10000`,
    ),
  ],
);

/** Estimate numbers: one per estimate, shared by its revisions (gaps are fine; invoices are the gapless ones). */
export const estimateNumbers = pgSequence('estimate_numbers', { startWith: 1001 });

/**
 * An estimate: the written, priced offer, for a prospect (from a quote request) or an existing
 * customer. Revisions are new rows with the same number and the next version; a sent estimate is
 * never changed in place. The prospect's link carries a random token stored only as its SHA-256.
 * Acceptance evidence (who, when, from where, and a hash of exactly what was accepted) is kept here.
 */
export const estimates = pgTable(
  'estimates',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    number: integer('number').notNull(),
    version: integer('version').notNull().default(1),
    /** The revision that replaced this one. */
    supersededById: uuid('superseded_by_id').references((): AnyPgColumn => estimates.id, { onDelete: 'set null' }),
    quoteRequestId: uuid('quote_request_id').references(() => quoteRequests.id, { onDelete: 'set null' }),
    /** An existing customer (more properties or services), or the customer made on acceptance. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    companyName: text('company_name').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    /** The quote request's message, carried over for staff. */
    requestMessage: text('request_message').notNull().default(''),
    /** The note to the customer, shown on the page and the PDF. */
    note: text('note').notNull().default(''),
    /** The terms offered, and each one's discount as it was when the estimate was made. */
    termsOffered: text('terms_offered', { enum: TERM_VALUES }).array().notNull(),
    termDiscounts: jsonb('term_discounts').$type<Partial<Record<(typeof TERM_VALUES)[number], number>>>().notNull(),
    proposedStartDate: date('proposed_start_date').notNull(),
    validUntil: date('valid_until').notNull(),
    status: text('status', { enum: STORED_ESTIMATE_STATUSES }).notNull().default('draft'),
    tokenHash: text('token_hash').unique(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** The prospect's words with "Request changes", or their reason to decline. */
    responseMessage: text('response_message'),
    acceptedName: text('accepted_name'),
    acceptedTitle: text('accepted_title'),
    acceptedIp: text('accepted_ip'),
    acceptedUserAgent: text('accepted_user_agent'),
    /** What they chose: the term, the optional lines ticked on, the PO number per property. */
    acceptedChoices: jsonb('accepted_choices').$type<{
      term: (typeof TERM_VALUES)[number];
      optionalLineIds: string[];
      poNumbers: Record<string, string>;
    }>(),
    /** SHA-256 (hex) of exactly the version accepted with its choices (modules/estimates). */
    acceptedHash: text('accepted_hash'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('estimates_number_version_idx').on(table.number, table.version),
    index('estimates_quote_request_idx').on(table.quoteRequestId),
    index('estimates_customer_idx').on(table.customerId),
    index('estimates_list_idx').on(table.createdAt.desc(), table.id.desc()),
    check('estimates_status_check', sql`${table.status} in (${sqlList(STORED_ESTIMATE_STATUSES)})`),
    check('estimates_terms_check', sql`cardinality(${table.termsOffered}) between 1 and 3`),
    check('estimates_dates_check', sql`${table.validUntil} >= ${table.proposedStartDate} - 366`),
    check(
      'estimates_acceptance_check',
      sql`(${table.status} = 'accepted') = (${table.acceptedHash} is not null and ${table.acceptedChoices} is not null and ${table.acceptedName} is not null)`,
    ),
  ],
);

/** A property on an estimate: a new site, or one the customer already has (`propertyId`). */
export const estimateProperties = pgTable(
  'estimate_properties',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    propertyType: text('property_type').notNull(),
    parkingSpaces: integer('parking_spaces'),
    squareFeet: integer('square_feet'),
    taxJurisdiction: text('tax_jurisdiction', { enum: TAX_JURISDICTION_VALUES }).notNull(),
    /** The rate when the estimate was made (state plus local). */
    taxRateBp: integer('tax_rate_bp').notNull(),
    /** The crew proposed; the plans made on acceptance take it. */
    crewUserIds: uuid('crew_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
  },
  (table) => [
    uniqueIndex('estimate_properties_position_idx').on(table.estimateId, table.position),
    check('estimate_properties_size_check', sql`coalesce(${table.parkingSpaces}, 0) >= 0 and coalesce(${table.squareFeet}, 0) >= 0`),
    check('estimate_properties_tax_check', sql`${table.taxRateBp} between 0 and 10000`),
    check('estimate_properties_jurisdiction_check', sql`${table.taxJurisdiction} in (${sqlList(TAX_JURISDICTION_VALUES)})`),
  ],
);

/** A photo from the free property visit, shown on the estimate (its page and its PDF) in this order. */
export const estimatePhotos = pgTable(
  'estimate_photos',
  {
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    photoId: uuid('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.estimateId, table.photoId] }), index('estimate_photos_photo_idx').on(table.photoId)],
);

/** A line of an estimate's property: a service, its frequency and price, included or optional. */
export const estimateLines = pgTable(
  'estimate_lines',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    estimatePropertyId: uuid('estimate_property_id')
      .notNull()
      .references(() => estimateProperties.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    serviceId: uuid('service_id').references(() => priceBookServices.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    unit: text('unit', { enum: SERVICE_UNIT_VALUES }).notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    taxClass: text('tax_class', { enum: TAX_CLASS_VALUES }).notNull(),
    /** The plan form's RRULE for recurring work; null for a one-time line. */
    rrule: text('rrule'),
    optional: boolean('optional').notNull().default(false),
    checklist: text('checklist')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (table) => [
    uniqueIndex('estimate_lines_position_idx').on(table.estimatePropertyId, table.position),
    check('estimate_lines_price_check', sql`${table.unitPriceCents} between 0 and 100000000`),
    check('estimate_lines_unit_check', sql`${table.unit} in (${sqlList(SERVICE_UNIT_VALUES)})`),
    check('estimate_lines_tax_class_check', sql`${table.taxClass} in (${sqlList(TAX_CLASS_VALUES)})`),
  ],
);

/**
 * A service agreement: what an accepted estimate becomes. One per estimate (the unique index makes
 * acceptance happen once). Its lines keep the accepted prices; its plans make the visits.
 */
export const serviceAgreements = pgTable(
  'service_agreements',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    estimateId: uuid('estimate_id')
      .notNull()
      .unique()
      .references(() => estimates.id, { onDelete: 'restrict' }),
    term: text('term', { enum: TERM_VALUES }).notNull(),
    discountBp: integer('discount_bp').notNull(),
    startDate: date('start_date').notNull(),
    /** The end of a fixed term; after it the agreement renews month to month unless either side ends it. */
    termEndDate: date('term_end_date'),
    status: text('status', { enum: AGREEMENT_STATUSES }).notNull().default('active'),
    /** When notice was given, and the last day of service. */
    noticeGivenAt: timestamp('notice_given_at', { withTimezone: true }),
    endsOn: date('ends_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('service_agreements_customer_idx').on(table.customerId),
    check('service_agreements_status_check', sql`${table.status} in (${sqlList(AGREEMENT_STATUSES)})`),
    check('service_agreements_discount_check', sql`${table.discountBp} between 0 and 10000`),
    check('service_agreements_ending_check', sql`(${table.status} = 'active') = (${table.endsOn} is null)`),
  ],
);

/** An agreement's accepted line at one property, with the plan that makes its visits. */
export const agreementLines = pgTable(
  'agreement_lines',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => serviceAgreements.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    estimateLineId: uuid('estimate_line_id').references(() => estimateLines.id, { onDelete: 'set null' }),
    planId: uuid('plan_id').references(() => servicePlans.id, { onDelete: 'set null' }),
    serviceId: uuid('service_id').references(() => priceBookServices.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    unit: text('unit', { enum: SERVICE_UNIT_VALUES }).notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    taxClass: text('tax_class', { enum: TAX_CLASS_VALUES }).notNull(),
    taxRateBp: integer('tax_rate_bp').notNull(),
    rrule: text('rrule'),
  },
  (table) => [
    index('agreement_lines_agreement_idx').on(table.agreementId),
    index('agreement_lines_property_idx').on(table.propertyId),
    check('agreement_lines_price_check', sql`${table.unitPriceCents} between 0 and 100000000`),
  ],
);

export type PriceBookServiceRow = typeof priceBookServices.$inferSelect;
export type EstimateRow = typeof estimates.$inferSelect;
export type EstimatePropertyRow = typeof estimateProperties.$inferSelect;
export type EstimateLineRow = typeof estimateLines.$inferSelect;
export type ServiceAgreementRow = typeof serviceAgreements.$inferSelect;

/** A customer's billing contacts: who invoices, statements and reminders go to (none: its portal users). */
export const customerBillingContacts = pgTable(
  'customer_billing_contacts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('customer_billing_contacts_email_idx').on(table.customerId, table.email)],
);

/**
 * The last number given in a series and year: invoices `2026-00001`, credit notes `CN-2026-00001`.
 * Taken with `update … returning` in the transaction that numbers the document, so a rollback (or a
 * killed process) gives the number back and two instances wait on the row: the series stays gapless.
 */
export const documentNumbers = pgTable(
  'document_numbers',
  {
    series: text('series', { enum: NUMBER_SERIES }).notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.series, table.year] }),
    check('document_numbers_series_check', sql`${table.series} in (${sqlList(NUMBER_SERIES)})`),
  ],
);

/**
 * A customer's invoice for a month (or, for a customer billed per property, one property's). The
 * billing run keeps a draft up to date; approval numbers it and sends it, and it is never edited
 * again: a void keeps its number and says why, and a credit note corrects it. One invoice that is
 * not void per customer, property and month, whichever instance runs the billing.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** Set for a customer billed per property. */
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'restrict' }),
    /** The month billed: its first and last local days (or to date, for a run before the month ends). */
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    status: text('status', { enum: STORED_INVOICE_STATUSES }).notNull().default('draft'),
    /** `2026-00001`, given at approval. */
    number: text('number').unique(),
    paymentTerms: text('payment_terms', { enum: PAYMENT_TERMS }).notNull(),
    issuedOn: date('issued_on'),
    dueOn: date('due_on'),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
    /** When the accounting export last included it; never again unless asked. */
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invoices_one_per_period_idx')
      .on(table.customerId, sql`coalesce(${table.propertyId}, '00000000-0000-0000-0000-000000000000'::uuid)`, table.periodStart)
      .where(sql`${table.status} <> 'void'`),
    index('invoices_customer_idx').on(table.customerId, table.periodStart.desc()),
    index('invoices_open_idx')
      .on(table.dueOn)
      .where(sql`${table.status} = 'sent'`),
    check('invoices_status_check', sql`${table.status} in (${sqlList(STORED_INVOICE_STATUSES)})`),
    check('invoices_terms_check', sql`${table.paymentTerms} in (${sqlList(PAYMENT_TERMS)})`),
    check('invoices_number_check', sql`(${table.status} = 'draft') = (${table.number} is null)`),
    check('invoices_void_check', sql`(${table.status} = 'void') = (${table.voidReason} is not null)`),
    check('invoices_period_check', sql`${table.periodEnd} >= ${table.periodStart}`),
    check('invoices_total_check', sql`${table.totalCents} = ${table.subtotalCents} - ${table.discountCents} + ${table.taxCents}`),
  ],
);

/**
 * A line of an invoice, in its property's section. A visit is billed (or credited) once: a line
 * names it, and no other line of an invoice that is not void names it for the same purpose. A line
 * staff remove from a draft stays, marked removed with the reason, so the next run does not add it back.
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: INVOICE_LINE_KINDS }).notNull(),
    description: text('description').notNull(),
    /** The day the work was done (a visit), or the month's first day (a monthly or one-time line). */
    serviceDate: date('service_date').notNull(),
    visitId: uuid('visit_id').references(() => visits.id, { onDelete: 'set null' }),
    agreementLineId: uuid('agreement_line_id').references(() => agreementLines.id, { onDelete: 'set null' }),
    /** Thousandths: 1000 is one visit or month; 1250 is an hour and a quarter. */
    quantityMilli: integer('quantity_milli').notNull().default(1000),
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** Quantity times price, rounded once; negative for a credit. */
    amountCents: integer('amount_cents').notNull(),
    /** The agreement's term discount on this line (recurring work only). */
    discountCents: integer('discount_cents').notNull().default(0),
    taxClass: text('tax_class', { enum: TAX_CLASS_VALUES }).notNull(),
    taxRateBp: integer('tax_rate_bp').notNull(),
    taxCents: integer('tax_cents').notNull().default(0),
    /** The visit's check-in was verified on site. */
    verified: boolean('verified').notNull().default(false),
    /** Staff's reason for a line added by hand. */
    note: text('note'),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
    removalReason: text('removal_reason'),
    /** Copied from the invoice when it is voided: its visits may be billed again. */
    voided: boolean('voided').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('invoice_lines_invoice_idx').on(table.invoiceId, table.propertyId, table.serviceDate),
    // A visit is billed once for each agreement line its plan serves (services done on the same visit),
    // and once in all when it was asked for (an extra cleanup, a callout: no agreement line).
    uniqueIndex('invoice_lines_visit_once_idx')
      .on(table.visitId, table.kind)
      .where(sql`${table.visitId} is not null and ${table.agreementLineId} is null and not ${table.voided}`),
    uniqueIndex('invoice_lines_visit_line_once_idx')
      .on(table.visitId, table.kind, table.agreementLineId)
      .where(sql`${table.visitId} is not null and ${table.agreementLineId} is not null and not ${table.voided}`),
    uniqueIndex('invoice_lines_month_once_idx')
      .on(table.agreementLineId, table.serviceDate)
      .where(sql`${table.kind} = 'month' and not ${table.voided}`),
    uniqueIndex('invoice_lines_one_time_once_idx')
      .on(table.agreementLineId)
      .where(sql`${table.kind} = 'one_time' and not ${table.voided}`),
    check('invoice_lines_kind_check', sql`${table.kind} in (${sqlList(INVOICE_LINE_KINDS)})`),
    check('invoice_lines_quantity_check', sql`${table.quantityMilli} between 0 and 100000000`),
    check('invoice_lines_tax_check', sql`${table.taxRateBp} between 0 and 10000`),
    check('invoice_lines_removed_check', sql`(${table.removedAt} is null) = (${table.removalReason} is null)`),
  ],
);

/** A credit note: corrects a sent invoice, with its own number (`CN-2026-00001`), and is e-mailed as a PDF. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    number: text('number').notNull().unique(),
    /** What it takes off what the customer owes, tax included; and the tax part of it. */
    amountCents: integer('amount_cents').notNull(),
    taxCents: integer('tax_cents').notNull().default(0),
    reason: text('reason').notNull(),
    issuedOn: date('issued_on').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('credit_notes_invoice_idx').on(table.invoiceId),
    check('credit_notes_amount_check', sql`${table.amountCents} > 0 and ${table.taxCents} between 0 and ${table.amountCents}`),
  ],
);

/** A payment received: by check (its number), ACH, card or cash. What is not applied to invoices is a credit on the account. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    /** The check's number, or the bank's or card processor's reference. */
    reference: text('reference'),
    receivedOn: date('received_on').notNull(),
    amountCents: integer('amount_cents').notNull(),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A payment recorded by mistake is deleted (audited) and kept out of every figure. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    /** Chosen by the form: a payment recorded twice by a double press is stored once. */
    idempotencyKey: text('idempotency_key').unique(),
  },
  (table) => [
    index('payments_customer_idx').on(table.customerId, table.receivedOn.desc()),
    check('payments_method_check', sql`${table.method} in (${sqlList(PAYMENT_METHODS)})`),
    check('payments_amount_check', sql`${table.amountCents} > 0 and ${table.amountCents} <= 100000000`),
  ],
);

/** How much of a payment went to an invoice. */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.paymentId, table.invoiceId] }),
    index('payment_allocations_invoice_idx').on(table.invoiceId),
    check('payment_allocations_amount_check', sql`${table.amountCents} > 0`),
  ],
);

/** A reminder sent for an invoice, `offsetDays` from its due date (negative: before it): each goes once. */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    offsetDays: integer('offset_days').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.invoiceId, table.offsetDays] })],
);

/** A late fee on an overdue invoice (at most one each), never before the customer's own due date and grace; staff may waive it. */
export const lateFees = pgTable(
  'late_fees',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    invoiceId: uuid('invoice_id')
      .notNull()
      .unique()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    appliedOn: date('applied_on').notNull(),
    waivedAt: timestamp('waived_at', { withTimezone: true }),
    waivedBy: uuid('waived_by').references(() => users.id, { onDelete: 'set null' }),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
  },
  (table) => [check('late_fees_amount_check', sql`${table.amountCents} > 0`)],
);

/** The monthly billing run's record: the periodic job bills a month once it is over, and once only (a crash leaves it to the next try). */
export const billingRuns = pgTable('billing_runs', {
  periodStart: date('period_start').primaryKey(),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  created: integer('created').notNull(),
  updated: integer('updated').notNull(),
});

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
