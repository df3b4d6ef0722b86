import { useQuery } from '@tanstack/react-query';
import type { PriceBookService } from '../../shared/api/pricing';
import { getJson } from '../lib/api-client';
import { priceKeys } from './query-keys';

/** GET /api/admin/price-book: every service, active first, each by position. */
export const getPriceBook = () => getJson<PriceBookService[]>('/api/admin/price-book');

/** Read by the estimate builder (each line starts from a service), under the price book page's own key. */
export const usePriceBook = () => useQuery({ queryKey: priceKeys.priceBook(), queryFn: getPriceBook, staleTime: 60_000 });
