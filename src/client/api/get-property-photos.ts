import { useQuery } from '@tanstack/react-query';
import type { PropertyPhoto } from '../../shared/api/properties';
import { getJson } from '../lib/api-client';
import { takeFirstScreenData } from '../lib/first-screen';
import { propertyPhotosUrl } from './api-urls';
import { photoKeys } from './query-keys';

export function getPropertyPhotos(propertyId: string) {
  return getJson<PropertyPhoto[]>(propertyPhotosUrl(propertyId));
}

/** A property's photos; nothing is requested while `propertyId` is null (SPEC §4). */
export function usePropertyPhotos(propertyId: string | null) {
  return useQuery({
    queryKey: photoKeys.ofProperty(propertyId ?? ''),
    queryFn: () => getPropertyPhotos(propertyId!),
    enabled: propertyId !== null,
    initialData: () => (propertyId === null ? undefined : takeFirstScreenData<PropertyPhoto[]>(propertyPhotosUrl(propertyId))),
  });
}
