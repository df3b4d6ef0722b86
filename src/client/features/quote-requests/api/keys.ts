import { quoteRequestKeys as sharedQuoteRequestKeys } from '../../../api/query-keys';
import type { QuoteRequestFilters } from './quote-request-filters';

/** Query keys of the inbox, under the shared quote-requests family: invalidate `all` after a change, or one request's notes. */
export const quoteRequestKeys = {
  ...sharedQuoteRequestKeys,
  lists: () => [...sharedQuoteRequestKeys.all, 'list'] as const,
  list: (filters: QuoteRequestFilters, limit: number) => [...quoteRequestKeys.lists(), filters, limit] as const,
  notes: (id: string) => [...sharedQuoteRequestKeys.all, 'notes', id] as const,
  stats: () => [...sharedQuoteRequestKeys.all, 'stats'] as const,
};
