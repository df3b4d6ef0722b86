import { filterQuery, type QuoteRequestFilters } from './quote-request-filters';

/** The inbox's API URLs, as plain functions: the hooks read them, and so do the screens' first reads (first-reads.ts). */

/** GET /api/admin/stats: quote requests per week by status, and how many are new. */
export const INBOX_STATS_URL = '/api/admin/stats';

/** GET /api/contact: a page of the inbox for these filters. */
export function quoteRequestsUrl(filters: QuoteRequestFilters, limit: number) {
  const params = filterQuery(filters);
  params.set('limit', String(limit));
  return `/api/contact?${params}`;
}
