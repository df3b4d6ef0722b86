import type { QuoteRequestStatus } from '../../../../shared/constants';
import type { QuoteRequest } from '../../../../shared/api/quote-requests';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { resources } from '../../../api/query-keys';

/** PATCH /api/contact/{id} */
export function updateQuoteRequestStatus({ id, status }: { id: string; status: QuoteRequestStatus }) {
  return sendJson<QuoteRequest>('PATCH', `/api/contact/${id}`, { status });
}

export const useUpdateQuoteRequestStatus = () =>
  useRefreshingMutation({ mutationFn: updateQuoteRequestStatus, changes: [resources.quoteRequests] });
