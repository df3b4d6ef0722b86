import { useQuery } from '@tanstack/react-query';
import type { Property } from '../../../../shared/portal-types';
import { getJson } from '../../../lib/api-client';

export const propertyKeys = {
  mine: () => ['properties', 'mine'] as const,
};

/** GET /api/customer/properties: the signed-in customer's properties. */
export const getProperties = () => getJson<Property[]>('/api/customer/properties');

export const useProperties = () => useQuery({ queryKey: propertyKeys.mine(), queryFn: getProperties });
