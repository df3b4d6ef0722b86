import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { resources } from '../../../api/query-keys';

/** DELETE /api/admin/properties/{id}: the property and all its photos. */
export const deleteProperty = (id: string) => sendJson<null>('DELETE', `/api/admin/properties/${id}`);

/** Its page, its plans and its visits go with it. */
export const useDeleteProperty = () =>
  useRefreshingMutation({ mutationFn: deleteProperty, changes: [resources.customers, resources.properties, resources.visits] });
