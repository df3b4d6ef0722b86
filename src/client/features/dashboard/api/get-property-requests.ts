import { useQuery } from '@tanstack/react-query';
import type { ServiceRequest } from '../../../../shared/api/service-requests';
import { getJson } from '../../../lib/api-client';
import { serviceRequestKeys } from '../../../api/query-keys';
import { takeFirstScreenData } from '../../../lib/first-screen';

/** GET /api/properties/{id}/requests: the property's requests, newest first, with their status. */
export const usePropertyRequests = (propertyId: string) =>
  useQuery({
    queryKey: serviceRequestKeys.ofProperty(propertyId),
    queryFn: () => getJson<ServiceRequest[]>(`/api/properties/${propertyId}/requests`),
    initialData: () => takeFirstScreenData<ServiceRequest[]>(`/api/properties/${propertyId}/requests`),
  });
