import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { customerKeys } from './keys';

/** DELETE /api/admin/properties/{id}: the property and all its photos. */
export const deleteProperty = (id: string) => sendJson<null>('DELETE', `/api/admin/properties/${id}`);

export const useDeleteProperty = () => useRefreshingMutation(deleteProperty, customerKeys.all);
