import { useQuery } from '@tanstack/react-query';
import type { EstimateSummary } from '../../../../shared/api/estimates';
import { resources } from '../../../api/query-keys';
import { getJson } from '../../../lib/api-client';

/**
 * GET /api/admin/quote-requests/{id}/estimates: the estimates written for a request, the latest version
 * of each. Read only for a request that has some (its `estimateCount`): the inbox does not ask for
 * every card's.
 */
export const useQuoteRequestEstimates = (id: string, wanted: boolean) =>
  useQuery({
    queryKey: [...resources.estimates, 'of-request', id],
    queryFn: () => getJson<EstimateSummary[]>(`/api/admin/quote-requests/${encodeURIComponent(id)}/estimates`),
    enabled: wanted,
    staleTime: 30_000,
  });
