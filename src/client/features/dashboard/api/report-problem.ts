import type { ServiceRequest } from '../../../../shared/api/service-requests';
import { ApiError } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { serviceRequestKeys } from '../../../api/query-keys';

/** POST /api/properties/{id}/requests/problem: the note and the photos in one multipart request; fails as the API client does. */
export async function reportProblem({ propertyId, note, photos }: { propertyId: string; note: string; photos: File[] }) {
  const form = new FormData();
  form.set('note', note);
  for (const photo of photos) form.append('photos', photo);
  const response = await fetch(`/api/properties/${propertyId}/requests/problem`, { method: 'POST', body: form, credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return (await response.json()) as ServiceRequest;
}

export const useReportProblem = () =>
  useRefreshingMutation({ mutationFn: reportProblem, changes: [({ propertyId }) => serviceRequestKeys.ofProperty(propertyId)] });
