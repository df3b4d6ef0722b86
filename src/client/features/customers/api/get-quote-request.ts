import { useQuery } from '@tanstack/react-query';
import type { QuoteRequest } from '../../../../shared/api/quote-requests';
import { getJson } from '../../../lib/api-client';

/**
 * The inbox's query keys start with 'quote-requests' (features/quote-requests/api/keys.ts);
 * a request read here lives under the same root, so a change on either side refreshes both.
 */
export const linkedQuoteRequestKeys = {
  all: ['quote-requests'] as const,
  one: (id: string) => [...linkedQuoteRequestKeys.all, 'one', id] as const,
};

/** GET /api/contact/{id}: one quote request, to make a customer from it. */
export const getQuoteRequest = (id: string) => getJson<QuoteRequest>(`/api/contact/${id}`);

export const useQuoteRequest = (id: string | null) =>
  useQuery({ queryKey: linkedQuoteRequestKeys.one(id ?? ''), queryFn: () => getQuoteRequest(id!), enabled: id !== null });
