import { useQuery } from '@tanstack/react-query';
import type { PriceBookService } from '../../shared/api/pricing';
import { getJson } from '../lib/api-client';
import { priceKeys } from './query-keys';

/** GET /api/admin/price-book: every service, active first, each by position. */
export const getPriceBook = () => getJson<PriceBookService[]>('/api/admin/price-book');

/** The price book page and the estimate builder (each line starts from a service); the price book's writes refresh it (resources.prices). */
export const usePriceBook = () => useQuery({ queryKey: priceKeys.priceBook(), queryFn: getPriceBook, staleTime: 60_000 });
