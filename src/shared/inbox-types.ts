/**
 * The staff inbox's constants. The shapes of its answers are zod contracts in
 * `api/quote-requests.ts`; the types below are those, under names kept while the
 * client moves to the new ones.
 */
import type { InboxStats as InboxStatsShape, QuoteRequest, QuoteRequestNote } from './api/quote-requests';

export const QUOTE_REQUEST_STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost', 'spam'] as const;
export type QuoteRequestStatus = (typeof QUOTE_REQUEST_STATUSES)[number];

export const QUOTE_REQUEST_PAGE_DEFAULT = 50;
export const QUOTE_REQUEST_PAGE_MAX = 200;
/** Response headers of GET /api/contact: the body stays the SPEC's plain array. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
export const STATS_WEEKS = 12;

/** @deprecated Old names: use QUOTE_REQUEST_STATUSES and the types of api/quote-requests. */
export const SUBMISSION_STATUSES = QUOTE_REQUEST_STATUSES;
/** @deprecated */
export type SubmissionStatus = QuoteRequestStatus;
/** @deprecated */
export type ContactSubmission = QuoteRequest;
/** @deprecated */
export type SubmissionNote = QuoteRequestNote;
/** @deprecated */
export type InboxStats = InboxStatsShape;
/** @deprecated */
export const SUBMISSIONS_PAGE_DEFAULT = QUOTE_REQUEST_PAGE_DEFAULT;
/** @deprecated */
export const SUBMISSIONS_PAGE_MAX = QUOTE_REQUEST_PAGE_MAX;
