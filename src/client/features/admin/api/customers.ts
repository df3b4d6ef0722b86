import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PropertyPhoto, StaffCustomerDetail, StaffCustomerSummary } from '../../../../shared/portal-types';
import { apiRequest, getJson } from '../../../lib/api-client';

export function useCustomers(q: string) {
  return useQuery({
    queryKey: ['/api/admin/customers', q],
    queryFn: () => getJson<StaffCustomerSummary[]>(`/api/admin/customers?q=${encodeURIComponent(q)}`),
    placeholderData: (previous) => previous,
  });
}

export function useCustomer(id: string) {
  return useQuery({
    queryKey: ['/api/admin/customers', id, 'detail'],
    queryFn: () => getJson<StaffCustomerDetail>(`/api/admin/customers/${id}`),
  });
}

export function usePhotos(propertyId: string) {
  return useQuery({
    queryKey: ['/api/properties', propertyId, 'photos'],
    queryFn: () => getJson<PropertyPhoto[]>(`/api/properties/${propertyId}/photos`),
  });
}

/** A JSON call that refreshes the staff console's customer data afterwards. */
export function useStaffMutation<T>(method: string, url: (input: T) => string, body: (input: T) => unknown = (input) => input) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => {
      const response = await apiRequest(method, url(input), method === 'DELETE' ? undefined : body(input));
      return response.status === 204 ? null : ((await response.json()) as { id?: string; message?: string });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/customers'] }),
  });
}

/** The message a person should read from a failed call: the server's `message`, else the error text. */
export function readableError(error: Error | null): string | null {
  if (!error) return null;
  const body = /^\d{3}: (.*)$/s.exec(error.message)?.[1];
  try {
    return body ? ((JSON.parse(body) as { message?: string }).message ?? error.message) : error.message;
  } catch {
    return error.message;
  }
}

/** Uploads one photo with progress (fetch cannot report upload progress; XMLHttpRequest can). */
export function uploadPhoto(
  propertyId: string,
  file: File,
  fields: { photoType: string; caption: string },
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.set('photoType', fields.photoType);
    form.set('caption', fields.caption);
    form.set('file', file);
    const request = new XMLHttpRequest();
    request.open('POST', `/api/admin/properties/${propertyId}/photos`);
    request.withCredentials = true;
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) return resolve();
      let message = `${request.status}: ${request.responseText || request.statusText}`;
      try {
        message = (JSON.parse(request.responseText) as { message?: string }).message ?? message;
      } catch {
        // not JSON: keep the status line
      }
      reject(new Error(message));
    };
    request.onerror = () => reject(new Error('The upload was interrupted. Check your connection and try again.'));
    request.send(form);
  });
}
