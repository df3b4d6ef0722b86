import { useQuery } from '@tanstack/react-query';
import type { VisitProperty } from '../../../../shared/api/schedule';
import { getJson } from '../../../lib/api-client';
import { scheduleKeys } from '../../../api/schedule-keys';

/** GET /api/admin/schedule/properties: every property a one-off visit can be added to. */
export const getVisitProperties = () => getJson<VisitProperty[]>('/api/admin/schedule/properties');

export const useVisitProperties = () => useQuery({ queryKey: scheduleKeys.properties(), queryFn: getVisitProperties });
