import { useQuery } from '@tanstack/react-query';
import { QUOTE_REQUESTS_REFRESH_MS } from '../../../../shared/constants';
import {
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
  type QuoteRequest,
} from '../../../../shared/api/quote-requests';
import { takeFirstScreenAnswer, takeFirstScreenReadAt } from '../../../lib/first-screen';
import { noteRelease } from '../../../lib/release';
import { quoteRequestKeys } from './keys';
import type { QuoteRequestFilters } from './quote-request-filters';
import { quoteRequestsUrl } from './urls';

export interface QuoteRequestsPage {
  rows: QuoteRequest[];
  total: number;
  /** The total is a floor: a search found more and stopped counting (SEARCH_COUNT_CAP). */
  capped: boolean;
  nextCursor: string | null;
}

/** After a failed refresh the list is read again this soon, rather than in 30 seconds. */
export const QUOTE_REQUESTS_RETRY_MS = 10_000;

/** A page of the list from the answer's body and headers (names in lower case). */
const quoteRequestsPage = (rows: QuoteRequest[], header: (name: string) => string | null | undefined): QuoteRequestsPage => ({
  rows,
  total: Number(header(TOTAL_COUNT_HEADER) ?? 0),
  capped: header(TOTAL_COUNT_CAPPED_HEADER) === 'true',
  nextCursor: header(NEXT_CURSOR_HEADER) ?? null,
});

/** GET /api/contact: the body is the SPEC's plain array, the total and the cursor come as headers. A non-OK answer is the error "Failed to fetch submissions" (SPEC §7). */
export async function getQuoteRequests(filters: QuoteRequestFilters, limit: number): Promise<QuoteRequestsPage> {
  const response = await fetch(quoteRequestsUrl(filters, limit), { credentials: 'include' });
  // The inbox asks every 30 seconds: an upgrade meanwhile is known by the next screen (lib/release.ts).
  noteRelease(response);
  if (!response.ok) throw new Error('Failed to fetch submissions');
  return quoteRequestsPage((await response.json()) as QuoteRequest[], (name) => response.headers.get(name));
}

/** The page that came with the inbox's HTML (decision 010), once. */
function firstScreenPage(filters: QuoteRequestFilters, limit: number): QuoteRequestsPage | undefined {
  const answer = takeFirstScreenAnswer<QuoteRequest[]>(quoteRequestsUrl(filters, limit));
  return answer && quoteRequestsPage(answer.body, (name) => answer.headers?.[name.toLowerCase()]);
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
    initialData: () => firstScreenPage(filters, limit),
    // When the server read it: the server's render and the hydration say the same "waiting 5 minutes".
    initialDataUpdatedAt: () => takeFirstScreenReadAt(quoteRequestsUrl(filters, limit)),
    refetchInterval: (query) => (query.state.status === 'error' && query.state.data ? QUOTE_REQUESTS_RETRY_MS : QUOTE_REQUESTS_REFRESH_MS),
    placeholderData: (previous) => previous,
  });
}
