import { ApiError } from '../../../lib/api-client';

export interface VisitPhotoUpload {
  visitId: string;
  file: File;
  photoType: 'before' | 'after' | 'other';
  caption: string;
}

/** POST /api/admin/visits/{id}/photos, one photo as multipart; fails as the API client does. */
export async function uploadVisitPhoto({ visitId, file, photoType, caption }: VisitPhotoUpload): Promise<{ id: string; created: boolean }> {
  const form = new FormData();
  form.set('photoType', photoType);
  form.set('caption', caption);
  form.set('file', file);
  let response: Response;
  try {
    response = await fetch(`/api/admin/visits/${visitId}/photos`, { method: 'POST', body: form, credentials: 'include' });
  } catch {
    throw new Error('The upload was interrupted. Check your connection and try again.');
  }
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return (await response.json()) as { id: string; created: boolean };
}
