import { useQuery } from '@tanstack/react-query';
import type { PropertyDetail } from '../../../../shared/api/properties';
import { getJson } from '../../../lib/api-client';
import { planKeys } from './keys';

/** GET /api/admin/properties/{id}: the property, its customer, its location (and any proposal) and its plans. */
export const getProperty = (id: string) => getJson<PropertyDetail>(`/api/admin/properties/${id}`);

export const useProperty = (id: string) => useQuery({ queryKey: planKeys.detail(id), queryFn: () => getProperty(id) });
