import type { PriceBookService, PriceBookServiceCreate, PriceBookServiceUpdate } from '../../../../shared/api/pricing';
import { resources } from '../../../api/query-keys';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

/*
 * The price book itself is read with src/client/api/get-price-book.ts (the estimate builder reads it
 * too); these writes change it, and mark everything under `resources.prices` to be read again.
 */

/** POST /api/admin/price-book */
export const createService = (input: PriceBookServiceCreate) => sendJson<PriceBookService>('POST', '/api/admin/price-book', input);

/** PATCH /api/admin/price-book/{id}: only the fields given; `active` retires or restores it. */
export const updateService = ({ id, ...changes }: PriceBookServiceUpdate & { id: string }) =>
  sendJson<PriceBookService>('PATCH', `/api/admin/price-book/${id}`, changes);

export const useCreateService = () => useRefreshingMutation({ mutationFn: createService, changes: [resources.prices] });
export const useUpdateService = () => useRefreshingMutation({ mutationFn: updateService, changes: [resources.prices] });
