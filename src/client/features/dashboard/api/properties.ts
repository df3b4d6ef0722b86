import { useQuery } from '@tanstack/react-query';
import type { Property, PropertyPhoto } from '../../../../shared/portal-types';
import { getJson } from '../../../lib/api-client';

export function useProperties(enabled: boolean) {
  return useQuery({ queryKey: ['/api/customer/properties'], queryFn: () => getJson<Property[]>('/api/customer/properties'), enabled });
}

/** Photos of the selected property; nothing is requested until one is selected (SPEC §4). */
export function usePropertyPhotos(propertyId: string | null) {
  return useQuery({
    queryKey: ['/api/properties', propertyId, 'photos'],
    queryFn: () => getJson<PropertyPhoto[]>(`/api/properties/${propertyId}/photos`),
    enabled: propertyId !== null,
  });
}
