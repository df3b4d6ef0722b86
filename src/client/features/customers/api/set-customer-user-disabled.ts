import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { customerKeys } from './keys';

/** PATCH /api/admin/customer-users/{id}: a customer's user switched off (signed out everywhere at once) or on. */
export const useSetCustomerUserDisabled = (customerId: string) =>
  useRefreshingMutation(
    ({ id, disabled }: { id: string; disabled: boolean }) =>
      sendJson<{ id: string; disabled: boolean }>('PATCH', `/api/admin/customer-users/${id}`, { disabled }),
    customerKeys.detail(customerId),
  );
