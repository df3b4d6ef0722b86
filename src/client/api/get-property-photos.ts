import { useQuery } from '@tanstack/react-query';
import type { PropertyPhoto } from '../../shared/api/properties';
import { getJson } from '../lib/api-client';
import { takeFirstScreenData } from '../lib/first-screen';

/** A property's photos are read by the customer's dashboard and the staff console alike. */
export const photoKeys = {
  all: ['photos'] as const,
  ofProperty: (propertyId: string) => [...photoKeys.all, 'property', propertyId] as const,
};

/** GET /api/properties/{id}/photos, newest first. */
const photosUrl = (propertyId: string) => `/api/properties/${propertyId}/photos`;

export function getPropertyPhotos(propertyId: string) {
  return getJson<PropertyPhoto[]>(photosUrl(propertyId));
}

/** A property's photos; nothing is requested while `propertyId` is null (SPEC §4). */
export function usePropertyPhotos(propertyId: string | null) {
  return useQuery({
    queryKey: photoKeys.ofProperty(propertyId ?? ''),
    queryFn: () => getPropertyPhotos(propertyId!),
    enabled: propertyId !== null,
    initialData: () => (propertyId === null ? undefined : takeFirstScreenData<PropertyPhoto[]>(photosUrl(propertyId))),
  });
}
