import type { CustomerInput } from '../../../../shared/staff-schemas';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { resources } from '../../../api/query-keys';

/** PATCH /api/admin/customers/{id} */
export const updateCustomer = ({ id, ...input }: CustomerInput & { id: string }) =>
  sendJson<{ id: string }>('PATCH', `/api/admin/customers/${id}`, input);

/** A property's page and the schedule show the customer's name too. */
export const useUpdateCustomer = () =>
  useRefreshingMutation({ mutationFn: updateCustomer, changes: [resources.customers, resources.properties, resources.visits] });
