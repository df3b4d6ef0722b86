import type { ServiceRequest, ServiceRequestVisitInput } from '../../../../shared/api/service-requests';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { resources } from '../../../api/query-keys';
import { quoteRequestKeys } from './keys';

/** POST /api/admin/service-requests/{id}/visit: a one-off visit, and the request scheduled for its day. */
export const scheduleServiceRequestVisit = ({ id, visit }: { id: string; visit: ServiceRequestVisitInput }) =>
  sendJson<ServiceRequest>('POST', `/api/admin/service-requests/${id}/visit`, visit);

export const useScheduleServiceRequestVisit = () =>
  useRefreshingMutation({
    mutationFn: scheduleServiceRequestVisit,
    // A one-off visit is made: the schedule and the property's visits show it.
    changes: [resources.serviceRequests, quoteRequestKeys.stats(), resources.visits],
  });
