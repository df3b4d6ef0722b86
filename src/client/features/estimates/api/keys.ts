import { resources } from '../../../api/query-keys';
import type { EstimateStatus } from '../../../../shared/estimates';

/** Estimates' query keys, under the shared family: a change to any estimate refreshes the list, its page and its quote request's. */
export const estimateKeys = {
  all: resources.estimates,
  list: (status: EstimateStatus | null) => [...resources.estimates, 'list', status ?? 'all'] as const,
  one: (id: string) => [...resources.estimates, 'one', id] as const,
};
