import { useQuery } from '@tanstack/react-query';
import type { ServiceRequest } from '../../../../shared/api/service-requests';
import { QUOTE_REQUESTS_REFRESH_MS } from '../../../../shared/constants';
import type { ServiceRequestStatus } from '../../../../shared/service-requests';
import { getJson } from '../../../lib/api-client';
import { serviceRequestKeys } from './keys';

/** GET /api/admin/service-requests: the latest 200, of one status or all (''). */
export const getServiceRequests = (status: ServiceRequestStatus | '') =>
  getJson<ServiceRequest[]>(`/api/admin/service-requests${status ? `?status=${status}` : ''}`);

/** Refreshed as often as the quote requests beside them. */
export const useServiceRequests = (status: ServiceRequestStatus | '') =>
  useQuery({
    queryKey: serviceRequestKeys.list(status),
    queryFn: () => getServiceRequests(status),
    refetchInterval: QUOTE_REQUESTS_REFRESH_MS,
  });
