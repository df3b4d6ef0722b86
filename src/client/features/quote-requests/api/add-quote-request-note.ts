import type { QuoteRequestNote } from '../../../../shared/api/quote-requests';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { quoteRequestKeys } from './keys';

/** POST /api/contact/{id}/notes */
export function addQuoteRequestNote({ id, body }: { id: string; body: string }) {
  return sendJson<QuoteRequestNote>('POST', `/api/contact/${id}/notes`, { body });
}

export const useAddQuoteRequestNote = () =>
  useRefreshingMutation({ mutationFn: addQuoteRequestNote, changes: [({ id }) => quoteRequestKeys.notes(id)] });
