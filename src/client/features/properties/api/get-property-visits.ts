import { useQuery } from '@tanstack/react-query';
import type { PropertyVisits } from '../../../../shared/api/plans';
import { getJson } from '../../../lib/api-client';
import { planKeys } from './keys';

/** GET /api/admin/properties/{id}/visits: the last six weeks' visits and the coming ones. */
export const getPropertyVisits = (id: string) => getJson<PropertyVisits>(`/api/admin/properties/${id}/visits`);

export const usePropertyVisits = (id: string) => useQuery({ queryKey: planKeys.visits(id), queryFn: () => getPropertyVisits(id) });
