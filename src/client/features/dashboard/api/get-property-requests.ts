import { useQuery } from '@tanstack/react-query';
import type { ServiceRequest } from '../../../../shared/api/service-requests';
import { getJson } from '../../../lib/api-client';
import { serviceRequestKeys } from '../../../api/query-keys';
import { takeFirstScreenData } from '../../../lib/first-screen';
import { propertyRequestsUrl } from './urls';

/** The property's requests, newest first, with their status. */
export const usePropertyRequests = (propertyId: string) =>
  useQuery({
    queryKey: serviceRequestKeys.ofProperty(propertyId),
    queryFn: () => getJson<ServiceRequest[]>(propertyRequestsUrl(propertyId)),
    initialData: () => takeFirstScreenData<ServiceRequest[]>(propertyRequestsUrl(propertyId)),
  });
