import type { z } from 'zod/mini';
import type { CustomerUser } from '../../../../shared/api/customers';
import type { userInputSchema } from '../../../../shared/staff-schemas';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { resources } from '../../../api/query-keys';

export type CustomerUserInput = z.output<typeof userInputSchema>;

/** POST /api/admin/customers/{id}/users: someone who signs in to the portal for this customer. */
export const createCustomerUser = ({ customerId, ...input }: CustomerUserInput & { customerId: string }) =>
  sendJson<CustomerUser>('POST', `/api/admin/customers/${customerId}/users`, input);

export const useCreateCustomerUser = () => useRefreshingMutation({ mutationFn: createCustomerUser, changes: [resources.customers] });
