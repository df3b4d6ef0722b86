import type { PropertyInput } from '../../../../shared/staff-schemas';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { resources } from '../../../api/query-keys';

/** POST /api/admin/customers/{id}/properties */
export const createProperty = ({ customerId, ...input }: PropertyInput & { customerId: string }) =>
  sendJson<{ id: string }>('POST', `/api/admin/customers/${customerId}/properties`, input);

export const useCreateProperty = () =>
  useRefreshingMutation({ mutationFn: createProperty, changes: [resources.customers, resources.properties] });
