import { useQuery } from '@tanstack/react-query';
import type { AssessmentPhoto } from '../../../../shared/api/assessments';
import { photoKeys } from '../../../api/query-keys';
import { getJson } from '../../../lib/api-client';

/** GET /api/admin/customers/{id}/assessment-photos: the photos from a customer's or prospect's property visits; none read without a customer. */
export const useAssessmentPhotos = (customerId: string | null) =>
  useQuery({
    queryKey: [...photoKeys.all, 'assessments', customerId ?? ''],
    queryFn: () => getJson<AssessmentPhoto[]>(`/api/admin/customers/${encodeURIComponent(customerId!)}/assessment-photos`),
    enabled: customerId !== null,
    staleTime: 60_000,
  });
