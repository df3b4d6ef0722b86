import { useQuery } from '@tanstack/react-query';
import type { ServiceRequest } from '../../../../shared/api/service-requests';
import { getJson } from '../../../lib/api-client';
import { takeFirstScreenData } from '../../../lib/first-screen';

/** Query keys of a property's requests: invalidate `property(id)` once one is sent. */
export const serviceRequestKeys = {
  all: ['service-requests'] as const,
  property: (propertyId: string) => [...serviceRequestKeys.all, 'property', propertyId] as const,
};

/** GET /api/properties/{id}/requests: the property's requests, newest first, with their status. */
export const usePropertyRequests = (propertyId: string) =>
  useQuery({
    queryKey: serviceRequestKeys.property(propertyId),
    queryFn: () => getJson<ServiceRequest[]>(`/api/properties/${propertyId}/requests`),
    initialData: () => takeFirstScreenData<ServiceRequest[]>(`/api/properties/${propertyId}/requests`),
  });
