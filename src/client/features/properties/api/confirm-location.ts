import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { planKeys } from './keys';

/** POST /api/admin/properties/{id}/location/confirm: the proposed point the staff member saw becomes the location. */
export const confirmLocation = ({ propertyId, lat, lng }: { propertyId: string; lat: number; lng: number }) =>
  sendJson<unknown>('POST', `/api/admin/properties/${propertyId}/location/confirm`, { lat, lng });

export const useConfirmLocation = () =>
  useRefreshingMutation({ mutationFn: confirmLocation, changes: [(input) => planKeys.detail(input.propertyId)] });
