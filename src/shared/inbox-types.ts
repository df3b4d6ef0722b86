/** The staff inbox's shapes (SPEC §3 "Contact submission", plus what an inbox needs). */

export const QUOTE_REQUEST_STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost', 'spam'] as const;
export type QuoteRequestStatus = (typeof QUOTE_REQUEST_STATUSES)[number];
/** @deprecated The old names, kept while the client moves to the new ones. */
export const SUBMISSION_STATUSES = QUOTE_REQUEST_STATUSES;
/** @deprecated */
export type SubmissionStatus = QuoteRequestStatus;

export interface ContactSubmission {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  service: string;
  message: string;
  submittedAt: string;
  status: SubmissionStatus;
  propertySize: string | null;
  urgency: string | null;
}

export interface SubmissionNote {
  id: string;
  body: string;
  createdAt: string;
  author: string;
}

export const SUBMISSIONS_PAGE_DEFAULT = 50;
export const SUBMISSIONS_PAGE_MAX = 200;
/** Response headers of GET /api/contact: the body stays the SPEC's plain array. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** GET /api/admin/stats: quote requests per week (oldest first), by status, and the open count. */
export interface InboxStats {
  weeks: Array<{ weekStart: string; counts: Record<SubmissionStatus, number> }>;
  newCount: number;
}
export const STATS_WEEKS = 12;
