import { photoKeys } from '../../../api/query-keys';
import type { PropertyPhoto } from '../../../../shared/api/properties';
import type { PhotoUpdate } from '../../../../shared/staff-schemas';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

/** PATCH /api/admin/photos/{id}: a photo's type, caption or taken-on date; answers the photo as it now is. */
export const updatePhoto = ({ photoId, changes }: { photoId: string; propertyId: string; changes: PhotoUpdate }) =>
  sendJson<PropertyPhoto>('PATCH', `/api/admin/photos/${photoId}`, changes);

export const useUpdatePhoto = () =>
  useRefreshingMutation({ mutationFn: updatePhoto, changes: [({ propertyId }) => photoKeys.ofProperty(propertyId)] });
