import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { resources } from '../../../api/query-keys';
import { scheduleKeys } from '../../../api/schedule-keys';

/** DELETE /api/admin/photos/{id}: a visit's photo leaves a "photo removed" event on its timeline. */
export const deleteVisitPhoto = ({ photoId }: { photoId: string; visitId: string }) =>
  sendJson<null>('DELETE', `/api/admin/photos/${photoId}`);

export const useDeleteVisitPhoto = () =>
  // The photo was also one of the property's photos.
  useRefreshingMutation({ mutationFn: deleteVisitPhoto, changes: [({ visitId }) => scheduleKeys.visit(visitId), resources.photos] });
