import { propertyKeys, visitKeys } from '../../../api/query-keys';

/**
 * Query keys of the property page: its record (with plans and location) under the shared
 * properties family, its visits under the visits family, so a change made elsewhere (a rename on
 * the customer's page, a visit moved on the schedule) reaches this page too.
 */
export const planKeys = {
  detail: (id: string) => propertyKeys.one(id),
  visits: (id: string) => [...visitKeys.all, 'property', id] as const,
};
