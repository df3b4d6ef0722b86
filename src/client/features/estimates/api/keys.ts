import { resources } from '../../../api/query-keys';
import type { EstimateStatus } from '../../../../shared/estimates';

/** Estimates' query keys, under the shared family: a change to any estimate refreshes the list and its page. */
export const estimateKeys = {
  all: resources.estimates,
  list: (status: EstimateStatus | null) => [...resources.estimates, 'list', status ?? 'all'] as const,
  one: (id: string) => [...resources.estimates, 'one', id] as const,
};

/** The price book and the billing settings, under the shared price-book family (the price book's screen changes them). */
export const priceBookKeys = {
  all: resources.priceBook,
  services: () => [...resources.priceBook, 'services'] as const,
  settings: () => [...resources.priceBook, 'billing-settings'] as const,
};
