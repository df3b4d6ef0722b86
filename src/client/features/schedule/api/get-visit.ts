import { useQuery } from '@tanstack/react-query';
import type { VisitDetail } from '../../../../shared/api/schedule';
import { getJson } from '../../../lib/api-client';
import { scheduleKeys } from '../../../api/schedule-keys';

/** GET /api/admin/visits/{id}: the visit's whole record with its timeline. */
export const getVisit = (id: string) => getJson<VisitDetail>(`/api/admin/visits/${id}`);

export const useVisit = (id: string) => useQuery({ queryKey: scheduleKeys.visit(id), queryFn: () => getVisit(id) });
