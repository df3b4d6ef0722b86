import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { planKeys } from './keys';

/** DELETE /api/admin/properties/{id}/location/proposal: the check-in's location is not the property's. */
export const dismissLocation = (propertyId: string) => sendJson<null>('DELETE', `/api/admin/properties/${propertyId}/location/proposal`);

export const useDismissLocation = () =>
  useRefreshingMutation({ mutationFn: dismissLocation, changes: [(propertyId) => planKeys.detail(propertyId)] });
