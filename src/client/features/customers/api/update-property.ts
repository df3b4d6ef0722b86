import type { PropertyInput } from '../../../../shared/staff-schemas';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { customerKeys } from './keys';

/** PATCH /api/admin/properties/{id} */
export const updateProperty = ({ id, ...input }: PropertyInput & { id: string }) =>
  sendJson<{ id: string }>('PATCH', `/api/admin/properties/${id}`, input);

export const useUpdateProperty = () => useRefreshingMutation(updateProperty, customerKeys.all);
