import { useQuery } from '@tanstack/react-query';
import type { QuoteRequestNote } from '../../../../shared/api/quote-requests';
import { getJson } from '../../../lib/api-client';
import { quoteRequestKeys } from './keys';

/** GET /api/contact/{id}/notes */
export function getQuoteRequestNotes(id: string) {
  return getJson<QuoteRequestNote[]>(`/api/contact/${id}/notes`);
}

export function useQuoteRequestNotes(id: string) {
  return useQuery({ queryKey: quoteRequestKeys.notes(id), queryFn: () => getQuoteRequestNotes(id) });
}
