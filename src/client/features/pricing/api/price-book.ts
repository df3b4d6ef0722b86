import { useQuery } from '@tanstack/react-query';
import type { PriceBookService, PriceBookServiceCreate, PriceBookServiceUpdate } from '../../../../shared/api/pricing';
import { priceKeys, resources } from '../../../api/query-keys';
import { getJson, sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

/** GET /api/admin/price-book: every service, active first, each by position. */
export const usePriceBook = () =>
  useQuery({ queryKey: priceKeys.priceBook(), queryFn: () => getJson<PriceBookService[]>('/api/admin/price-book') });

/** POST /api/admin/price-book */
export const createService = (input: PriceBookServiceCreate) => sendJson<PriceBookService>('POST', '/api/admin/price-book', input);

/** PATCH /api/admin/price-book/{id}: only the fields given; `active` retires or restores it. */
export const updateService = ({ id, ...changes }: PriceBookServiceUpdate & { id: string }) =>
  sendJson<PriceBookService>('PATCH', `/api/admin/price-book/${id}`, changes);

export const useCreateService = () => useRefreshingMutation({ mutationFn: createService, changes: [resources.prices] });
export const useUpdateService = () => useRefreshingMutation({ mutationFn: updateService, changes: [resources.prices] });
