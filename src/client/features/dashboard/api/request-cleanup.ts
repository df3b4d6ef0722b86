import type { ExtraCleanupInput, ServiceRequest } from '../../../../shared/api/service-requests';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { serviceRequestKeys } from '../../../api/query-keys';

/** POST /api/properties/{id}/requests/cleanup */
export const requestCleanup = ({ propertyId, input }: { propertyId: string; input: ExtraCleanupInput }) =>
  sendJson<ServiceRequest>('POST', `/api/properties/${propertyId}/requests/cleanup`, input);

export const useRequestCleanup = () =>
  useRefreshingMutation({ mutationFn: requestCleanup, changes: [({ propertyId }) => serviceRequestKeys.ofProperty(propertyId)] });
