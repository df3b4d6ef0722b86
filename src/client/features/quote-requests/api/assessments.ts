import { useQuery } from '@tanstack/react-query';
import type { Assessment, AssessmentFormValues } from '../../../../shared/api/assessments';
import { resources } from '../../../api/query-keys';
import { getJson, sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

const url = (quoteRequestId: string) => `/api/admin/quote-requests/${encodeURIComponent(quoteRequestId)}/assessments`;

/**
 * GET /api/admin/quote-requests/{id}/assessments: the request's free property visits. Read only
 * once the request has a customer or prospect, which every scheduled visit gives it.
 */
export const useQuoteRequestAssessments = (quoteRequestId: string, wanted: boolean) =>
  useQuery({
    queryKey: [...resources.visits, 'assessments', quoteRequestId],
    queryFn: () => getJson<Assessment[]>(url(quoteRequestId)),
    enabled: wanted,
    staleTime: 30_000,
  });

/** POST /api/admin/quote-requests/{id}/assessments: the free property visit put on the schedule. */
export const useScheduleAssessment = () =>
  useRefreshingMutation({
    mutationFn: ({ quoteRequestId, input }: { quoteRequestId: string; input: AssessmentFormValues }) =>
      sendJson<{ customerId: string; propertyId: string; visitId: string }>('POST', url(quoteRequestId), input),
    // A prospect may be made (the request links to it), a property and a visit: the inbox, the customers and the schedule show them.
    changes: [resources.quoteRequests, resources.customers, resources.properties, resources.visits],
  });
