import { useQuery } from '@tanstack/react-query';
import type { Property } from '../../../../shared/api/properties';
import { getJson } from '../../../lib/api-client';
import { propertyKeys } from '../../../api/query-keys';
import { takeFirstScreenData } from '../../../lib/first-screen';
import { MY_PROPERTIES_URL } from './urls';

export const getProperties = () => getJson<Property[]>(MY_PROPERTIES_URL);

export const useProperties = () =>
  useQuery({
    queryKey: propertyKeys.mine(),
    queryFn: getProperties,
    initialData: () => takeFirstScreenData<Property[]>(MY_PROPERTIES_URL),
  });
