import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { customerKeys } from '../../../api/query-keys';

/** PATCH /api/admin/customer-users/{id}: a customer's user switched off (signed out everywhere at once) or on. */
export const useSetCustomerUserDisabled = (customerId: string) =>
  useRefreshingMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) =>
      sendJson<{ id: string; disabled: boolean }>('PATCH', `/api/admin/customer-users/${id}`, { disabled }),
    changes: [customerKeys.detail(customerId)],
  });
