import { photoKeys } from '../../../api/query-keys';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

/** DELETE /api/admin/photos/{id} */
export const deletePhoto = ({ photoId }: { photoId: string; propertyId: string }) =>
  sendJson<null>('DELETE', `/api/admin/photos/${photoId}`);

export const useDeletePhoto = () =>
  useRefreshingMutation({ mutationFn: deletePhoto, changes: [({ propertyId }) => photoKeys.ofProperty(propertyId)] });
