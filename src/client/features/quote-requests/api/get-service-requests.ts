import { useQuery } from '@tanstack/react-query';
import type { ServiceRequest, ServiceRequestListQuery } from '../../../../shared/api/service-requests';
import { QUOTE_REQUESTS_REFRESH_MS } from '../../../../shared/constants';
import { getJson } from '../../../lib/api-client';
import { serviceRequestKeys } from '../../../api/query-keys';

/** The list's query string: only the filters that are set. */
export const serviceRequestQuery = (filters: ServiceRequestListQuery) =>
  new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();

/** GET /api/admin/service-requests: the latest 200 matching the filters. */
export const getServiceRequests = (filters: ServiceRequestListQuery) => {
  const query = serviceRequestQuery(filters);
  return getJson<ServiceRequest[]>(`/api/admin/service-requests${query ? `?${query}` : ''}`);
};

/** Refreshed as often as the quote requests beside them. */
export const useServiceRequests = (filters: ServiceRequestListQuery) =>
  useQuery({
    queryKey: serviceRequestKeys.list(filters),
    queryFn: () => getServiceRequests(filters),
    refetchInterval: QUOTE_REQUESTS_REFRESH_MS,
  });
