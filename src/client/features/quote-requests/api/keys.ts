import type { ServiceRequestListQuery } from '../../../../shared/api/service-requests';
import type { QuoteRequestFilters } from './quote-request-filters';

/** Query keys of the quote requests: invalidate `all` after a change, or one request's notes. */
export const quoteRequestKeys = {
  all: ['quote-requests'] as const,
  lists: () => [...quoteRequestKeys.all, 'list'] as const,
  list: (filters: QuoteRequestFilters, limit: number) => [...quoteRequestKeys.lists(), filters, limit] as const,
  notes: (id: string) => [...quoteRequestKeys.all, 'notes', id] as const,
  stats: () => [...quoteRequestKeys.all, 'stats'] as const,
};

/** Query keys of the customers' requests in the inbox. */
export const serviceRequestKeys = {
  all: ['service-requests'] as const,
  list: (filters: ServiceRequestListQuery) => [...serviceRequestKeys.all, 'list', filters] as const,
};
