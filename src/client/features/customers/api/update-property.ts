import type { PropertyInput } from '../../../../shared/staff-schemas';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { resources } from '../../../api/query-keys';

/** PATCH /api/admin/properties/{id} */
export const updateProperty = ({ id, ...input }: PropertyInput & { id: string }) =>
  sendJson<{ id: string }>('PATCH', `/api/admin/properties/${id}`, input);

/** The customer's page lists the property; its own page, the schedule and a visit's record show its name and address. */
export const useUpdateProperty = () =>
  useRefreshingMutation({ mutationFn: updateProperty, changes: [resources.customers, resources.properties, resources.visits] });
