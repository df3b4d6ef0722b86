import type { ServiceRequest, ServiceRequestStatusUpdate } from '../../../../shared/api/service-requests';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { quoteRequestKeys, serviceRequestKeys } from './keys';

/** PATCH /api/admin/service-requests/{id}: the customer is e-mailed when what they see changes. */
export const updateServiceRequestStatus = ({ id, update }: { id: string; update: ServiceRequestStatusUpdate }) =>
  sendJson<ServiceRequest>('PATCH', `/api/admin/service-requests/${id}`, update);

export const useUpdateServiceRequestStatus = () =>
  useRefreshingMutation(updateServiceRequestStatus, serviceRequestKeys.all, [quoteRequestKeys.stats()]);
