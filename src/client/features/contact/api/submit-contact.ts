import { useMutation } from '@tanstack/react-query';
import type { ContactCreated, ContactRequestInput } from '../../../../shared/contact-schema';
import { apiRequest } from '../../../lib/api-client';

export type ContactSubmission = ContactRequestInput & { company_website?: string };

export async function submitContact(data: ContactSubmission): Promise<ContactCreated> {
  const response = await apiRequest('POST', '/api/contact', data);
  return (await response.json()) as ContactCreated;
}

export function useSubmitContact() {
  return useMutation({ mutationFn: submitContact });
}
