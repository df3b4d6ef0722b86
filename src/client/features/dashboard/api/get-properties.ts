import { useQuery } from '@tanstack/react-query';
import type { Property } from '../../../../shared/api/properties';
import { getJson } from '../../../lib/api-client';
import { takeFirstScreenData } from '../../../lib/first-screen';

export const propertyKeys = {
  mine: () => ['properties', 'mine'] as const,
};

/** GET /api/customer/properties: the signed-in customer's properties. */
const PROPERTIES_URL = '/api/customer/properties';

export const getProperties = () => getJson<Property[]>(PROPERTIES_URL);

export const useProperties = () =>
  useQuery({ queryKey: propertyKeys.mine(), queryFn: getProperties, initialData: () => takeFirstScreenData<Property[]>(PROPERTIES_URL) });
