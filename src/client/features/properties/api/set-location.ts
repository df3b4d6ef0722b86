import type { LocationInput } from '../../../../shared/api/properties';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { planKeys } from './keys';

/** PUT /api/admin/properties/{id}/location: typed, or read from this device on the site. */
export const setLocation = ({ propertyId, ...input }: LocationInput & { propertyId: string }) =>
  sendJson<unknown>('PUT', `/api/admin/properties/${propertyId}/location`, input);

export const useSetLocation = () =>
  useRefreshingMutation({ mutationFn: setLocation, changes: [(input) => planKeys.detail(input.propertyId)] });
