import { z } from 'zod/mini';
import { QUOTE_REQUEST_PAGE_MAX, QUOTE_REQUEST_STATUSES, SERVICE_OPTIONS } from '../constants';
import { storableText } from '../storable-text';
import { searchTextSchema } from './common';

/** Response headers of GET /api/contact: the total and the next page's cursor (the body stays SPEC §7's plain array). */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
/** Sent as "true" when the total is a floor: a search found more than SEARCH_COUNT_CAP and stopped counting there. */
export const TOTAL_COUNT_CAPPED_HEADER = 'x-total-count-capped';

/** GET /api/contact: one quote request as the inbox lists it (SPEC §3 "Contact submission", plus what an inbox needs). */
export const quoteRequestSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  service: z.string(),
  message: z.string(),
  submittedAt: z.string(),
  status: z.enum(QUOTE_REQUEST_STATUSES),
  propertySize: z.nullable(z.string()),
  urgency: z.nullable(z.string()),
  /** An emergency by its service or its words (src/shared/urgency.ts): badged, and listed first while new. */
  urgent: z.boolean(),
  /**
   * The customer made from this request in the console, if any; a prospect while only its free
   * property visit is scheduled (issue 24), a customer once an estimate is accepted.
   */
  customer: z.nullable(z.object({ id: z.string(), name: z.string(), prospect: z.boolean() })),
  /** How many estimates were written for it (each once, whatever its versions), drafts included. */
  estimateCount: z.number(),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** The 201 answer of POST /api/contact. */
export const quoteRequestCreatedSchema = z.object({ id: z.string(), submittedAt: z.string() });

const statusSchema = z.enum(QUOTE_REQUEST_STATUSES, { error: `status must be one of ${QUOTE_REQUEST_STATUSES.join(', ')}` });

/** The status filter: one status, or `all` for every status, spam included; without it, everything but spam. */
export const STATUS_FILTER_ALL = 'all';
const statusFilterSchema = z.enum([...QUOTE_REQUEST_STATUSES, STATUS_FILTER_ALL], {
  error: `status must be one of ${QUOTE_REQUEST_STATUSES.join(', ')} or ${STATUS_FILTER_ALL}`,
});
export type StatusFilter = z.infer<typeof statusFilterSchema>;

/**
 * The inbox's filters, for the list and its CSV export. `overdue=true` keeps the new requests
 * that have waited longer than the promised callback time (CALLBACK_PROMISE_HOURS).
 */
export const quoteRequestFiltersSchema = z.object({
  status: z.optional(statusFilterSchema),
  service: z.optional(z.enum(SERVICE_OPTIONS, { error: 'service must be one of the form’s services' })),
  q: searchTextSchema,
  overdue: z.optional(z.enum(['true', 'false'], { error: 'overdue must be true or false' })),
});
export type QuoteRequestFilters = z.infer<typeof quoteRequestFiltersSchema>;

/** GET /api/contact's query: the filters and one page (the total and next cursor come in headers). */
export const quoteRequestListQuerySchema = z.extend(quoteRequestFiltersSchema, {
  limit: z.optional(
    z.coerce
      .number({ error: 'limit must be a whole number' })
      .check(
        z.int('limit must be a whole number'),
        z.gte(1, 'limit must be at least 1'),
        z.lte(QUOTE_REQUEST_PAGE_MAX, `limit must be at most ${QUOTE_REQUEST_PAGE_MAX}`),
      ),
  ),
  cursor: z.optional(z.string({ error: 'The cursor is not valid' }).check(z.maxLength(200, 'The cursor is not valid'))),
});
export type QuoteRequestListQuery = z.infer<typeof quoteRequestListQuerySchema>;

/** PATCH /api/contact/{id} */
export const quoteRequestStatusUpdateSchema = z.object(
  { status: statusSchema },
  { error: 'Send the new status as a JSON object, such as {"status":"contacted"}' },
);

/** A staff note on a quote request. */
export const quoteRequestNoteSchema = z.object({ id: z.string(), body: z.string(), createdAt: z.string(), author: z.string() });
export type QuoteRequestNote = z.infer<typeof quoteRequestNoteSchema>;

/** POST /api/contact/{id}/notes */
export const quoteRequestNoteInputSchema = z.object(
  {
    body: z
      .string({ error: 'The note must be text' })
      .check(
        z.trim(),
        z.minLength(1, 'Write a note first'),
        z.maxLength(2000, 'Notes can be at most 2000 characters'),
        storableText('The note contains an invalid character'),
      ),
  },
  { error: 'Send the note as a JSON object, such as {"body":"Called back"}' },
);

/**
 * GET /api/admin/stats: quote requests per week (oldest first), by status; the open count, how many
 * of them are urgent, and those waiting past the promised callback time (how many, since when).
 */
export const inboxStatsSchema = z.object({
  weeks: z.array(z.object({ weekStart: z.string(), counts: z.record(z.enum(QUOTE_REQUEST_STATUSES), z.number()) })),
  newCount: z.number(),
  urgentNewCount: z.number(),
  overdue: z.object({
    /** The promised callback time, in hours. */
    promiseHours: z.number(),
    count: z.number(),
    /** When the longest-waiting of them arrived; null when none waits. */
    oldestSubmittedAt: z.nullable(z.string()),
  }),
  /** Customers' requests from the portal still waiting for staff (received), and how many report a problem. */
  customerRequests: z.object({ count: z.number(), problemReports: z.number() }),
});
export type InboxStats = z.infer<typeof inboxStatsSchema>;
