import { useQuery } from '@tanstack/react-query';
import type { Estimate, EstimateSummary } from '../../../../shared/api/estimates';
import type { EstimateStatus } from '../../../../shared/estimates';
import { getJson } from '../../../lib/api-client';
import { estimateKeys } from './keys';
import { estimateUrl, estimatesUrl } from './urls';

/** GET /api/admin/estimates[?status=]: the latest version of each estimate. */
export const useEstimates = (status: EstimateStatus | null) =>
  useQuery({
    queryKey: estimateKeys.list(status),
    queryFn: () => getJson<EstimateSummary[]>(estimatesUrl(status ?? undefined)),
    placeholderData: (previous) => previous,
  });

/** GET /api/admin/estimates/{id}: one version, with its properties, lines, history and evidence; none read without an id. */
export const useEstimate = (id: string | null) =>
  useQuery({ queryKey: estimateKeys.one(id ?? ''), queryFn: () => getJson<Estimate>(estimateUrl(id!)), enabled: id !== null });
