import { randomUUID } from 'node:crypto';
import { createPriceBookService } from '../../../src/server/modules/pricing';
import type { MakeExample } from '../access-examples';

/** The price book and billing settings (issue 24): the office reads, owners write; crews and customers get nothing. */
export const PRICING_EXAMPLES: Record<string, MakeExample> = {
  'GET /api/admin/price-book': () => ({ url: '/api/admin/price-book' }),
  'POST /api/admin/price-book': () => ({
    url: '/api/admin/price-book',
    payload: { name: `Snow Pile Litter Pickup ${randomUUID().slice(0, 8)}`, unit: 'visit', priceCents: 5500, taxClass: 'exempt' },
  }),
  'PATCH /api/admin/price-book/:id': async (t) => {
    const service = await createPriceBookService(t.app.db, {
      name: `Pressure Washing ${randomUUID().slice(0, 8)}`,
      description: '',
      unit: 'hour',
      priceCents: 12000,
      taxClass: 'exempt',
      checklist: [],
    });
    return { url: `/api/admin/price-book/${service.id}`, payload: { priceCents: 12500 } };
  },
  'GET /api/admin/billing-settings': () => ({ url: '/api/admin/billing-settings' }),
  'PUT /api/admin/billing-settings': () => ({
    url: '/api/admin/billing-settings',
    payload: {
      termDiscounts: { 'month-to-month': 0, '6-months': 500, '12-months': 1000 },
      taxRates: { stateBp: 500, milwaukeeCountyBp: 90, milwaukeeCityBp: 200, waukeshaCountyBp: 50 },
    },
  }),
};
