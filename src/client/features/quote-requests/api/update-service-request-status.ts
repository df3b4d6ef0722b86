import type { ServiceRequest, ServiceRequestStatusUpdate } from '../../../../shared/api/service-requests';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { resources } from '../../../api/query-keys';
import { quoteRequestKeys } from './keys';

/** PATCH /api/admin/service-requests/{id}: the customer is e-mailed when what they see changes. */
export const updateServiceRequestStatus = ({ id, update }: { id: string; update: ServiceRequestStatusUpdate }) =>
  sendJson<ServiceRequest>('PATCH', `/api/admin/service-requests/${id}`, update);

export const useUpdateServiceRequestStatus = () =>
  useRefreshingMutation({ mutationFn: updateServiceRequestStatus, changes: [resources.serviceRequests, quoteRequestKeys.stats()] });
