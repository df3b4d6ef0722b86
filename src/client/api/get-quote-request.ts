import { useQuery } from '@tanstack/react-query';
import type { QuoteRequest } from '../../shared/api/quote-requests';
import { quoteRequestKeys } from './query-keys';
import { getJson } from '../lib/api-client';

/** GET /api/contact/{id}: one quote request, to make a customer or write an estimate from it. */
export const getQuoteRequest = (id: string) => getJson<QuoteRequest>(`/api/contact/${id}`);

/** Under the inbox's own key family (`resources.quoteRequests`), so a change on either side refreshes both. */
export const useQuoteRequest = (id: string | null) =>
  useQuery({ queryKey: quoteRequestKeys.one(id ?? ''), queryFn: () => getQuoteRequest(id!), enabled: id !== null });
