import { useQueryClient } from '@tanstack/react-query';
import { photoKeys } from '../../../api/query-keys';
import { ApiError } from '../../../lib/api-client';

export interface PhotoUpload {
  propertyId: string;
  file: File;
  photoType: string;
  caption: string;
  /** A date (YYYY-MM-DD); '' for no date; left out, the server reads it from the photo's EXIF data. */
  takenAt?: string;
}

/**
 * POST /api/admin/properties/{id}/photos, one photo as multipart, with progress
 * (fetch cannot report upload progress; XMLHttpRequest can). Fails as the API client does.
 */
export function uploadPhoto(
  { propertyId, file, photoType, caption, takenAt }: PhotoUpload,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.set('photoType', photoType);
    form.set('caption', caption);
    if (takenAt !== undefined) form.set('takenAt', takenAt);
    form.set('file', file);
    const request = new XMLHttpRequest();
    request.open('POST', `/api/admin/properties/${propertyId}/photos`);
    request.withCredentials = true;
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve()
        : reject(new ApiError(request.status, request.responseText, request.statusText));
    request.onerror = () => reject(new Error('The upload was interrupted. Check your connection and try again.'));
    request.send(form);
  });
}

/** Reads a property's photos again once a batch of uploads has finished. */
export function useRefreshPhotos(propertyId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: photoKeys.ofProperty(propertyId) });
}
