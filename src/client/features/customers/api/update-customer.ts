import type { CustomerInput } from '../../../../shared/staff-schemas';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { customerKeys } from './keys';

/** PATCH /api/admin/customers/{id} */
export const updateCustomer = ({ id, ...input }: CustomerInput & { id: string }) =>
  sendJson<{ id: string }>('PATCH', `/api/admin/customers/${id}`, input);

export const useUpdateCustomer = () => useRefreshingMutation(updateCustomer, customerKeys.all);
