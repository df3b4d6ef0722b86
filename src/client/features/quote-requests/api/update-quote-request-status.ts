import type { ContactSubmission, SubmissionStatus } from '../../../../shared/inbox-types';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { quoteRequestKeys } from './keys';

/** PATCH /api/contact/{id} */
export function updateQuoteRequestStatus({ id, status }: { id: string; status: SubmissionStatus }) {
  return sendJson<ContactSubmission>('PATCH', `/api/contact/${id}`, { status });
}

export const useUpdateQuoteRequestStatus = () => useRefreshingMutation(updateQuoteRequestStatus, quoteRequestKeys.all);
