import { useQuery } from '@tanstack/react-query';
import { QUOTE_REQUESTS_REFRESH_MS } from '../../../../shared/constants';
import {
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
  type QuoteRequest,
} from '../../../../shared/api/quote-requests';
import { quoteRequestKeys } from './keys';
import { filterQuery, type QuoteRequestFilters } from './quote-request-filters';

export interface QuoteRequestsPage {
  rows: QuoteRequest[];
  total: number;
  /** The total is a floor: a search found more and stopped counting (SEARCH_COUNT_CAP). */
  capped: boolean;
  nextCursor: string | null;
}

/** After a failed refresh the list is read again this soon, rather than in 30 seconds. */
export const QUOTE_REQUESTS_RETRY_MS = 10_000;

/** GET /api/contact: the body is the SPEC's plain array, the total and the cursor come as headers. A non-OK answer is the error "Failed to fetch submissions" (SPEC §7). */
export async function getQuoteRequests(filters: QuoteRequestFilters, limit: number): Promise<QuoteRequestsPage> {
  const params = filterQuery(filters);
  params.set('limit', String(limit));
  const response = await fetch(`/api/contact?${params}`, { credentials: 'include' });
  if (!response.ok) throw new Error('Failed to fetch submissions');
  return {
    rows: (await response.json()) as QuoteRequest[],
    total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? 0),
    capped: response.headers.get(TOTAL_COUNT_CAPPED_HEADER) === 'true',
    nextCursor: response.headers.get(NEXT_CURSOR_HEADER),
  };
}

/**
 * The inbox, refreshed every 30 seconds (SPEC §2). `limit` grows with "Show more". A failed
 * refresh keeps the last list (TanStack Query keeps `data` on a refetch error) and tries
 * again sooner, until it succeeds.
 */
export function useQuoteRequests(filters: QuoteRequestFilters, limit: number) {
  return useQuery({
    queryKey: quoteRequestKeys.list(filters, limit),
    queryFn: () => getQuoteRequests(filters, limit),
    refetchInterval: (query) => (query.state.status === 'error' && query.state.data ? QUOTE_REQUESTS_RETRY_MS : QUOTE_REQUESTS_REFRESH_MS),
    placeholderData: (previous) => previous,
  });
}
