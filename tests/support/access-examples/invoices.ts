import { invoiceLines, invoices } from '../../../src/server/db/schema';
import { monthBounds, previousMonth } from '../../../src/shared/invoices';
import { localToday } from '../../../src/shared/local-dates';
import { idOf, type MakeExample } from '../access-examples';
import type { TestAppContext } from '../app';

/** A draft invoice of customer A for last month, with one line at its property. */
async function draftInvoice(t: TestAppContext): Promise<{ id: string; lineId: string }> {
  const month = monthBounds(previousMonth(localToday()));
  const [invoice] = await t.app.db
    .insert(invoices)
    .values({ customerId: idOf(t.fixture).id, periodStart: month.start, periodEnd: month.end, paymentTerms: 'net_30' })
    .onConflictDoNothing()
    .returning({ id: invoices.id });
  const id = invoice?.id ?? (await t.app.db.select({ id: invoices.id }).from(invoices))[0]!.id;
  const [line] = await t.app.db
    .insert(invoiceLines)
    .values({
      invoiceId: id,
      propertyId: idOf(t.fixture).propertyId,
      kind: 'adjustment',
      description: 'Snow-bank litter pickup',
      serviceDate: month.start,
      unitPriceCents: 4500,
      amountCents: 4500,
      taxClass: 'exempt',
      taxRateBp: 0,
      note: 'Agreed on the phone',
    })
    .returning({ id: invoiceLines.id });
  return { id, lineId: line!.id };
}

/** The access matrix's examples for invoices (see tests/support/access-examples.ts). */
export const INVOICE_EXAMPLES: Record<string, MakeExample> = {
  'POST /api/admin/billing-runs': () => ({ url: '/api/admin/billing-runs', payload: { month: previousMonth(localToday()) } }),
  'GET /api/admin/invoices': () => ({ url: '/api/admin/invoices' }),
  'GET /api/admin/invoices/:id': async (t) => ({ url: `/api/admin/invoices/${(await draftInvoice(t)).id}` }),
  'POST /api/admin/invoices/:id/lines': async (t) => ({
    url: `/api/admin/invoices/${(await draftInvoice(t)).id}/lines`,
    payload: {
      propertyId: idOf(t.fixture).propertyId,
      description: 'Pressure-washing the entrance',
      amountCents: 12000,
      taxClass: 'exempt',
      reason: 'Asked for by the manager',
    },
  }),
  'POST /api/admin/invoices/:id/lines/:lineId/remove': async (t) => {
    const draft = await draftInvoice(t);
    return { url: `/api/admin/invoices/${draft.id}/lines/${draft.lineId}/remove`, payload: { reason: 'Billed by hand in October' } };
  },
  'POST /api/admin/invoices/:id/approve': async (t) => ({ url: `/api/admin/invoices/${(await draftInvoice(t)).id}/approve` }),
  'POST /api/admin/invoices/approve': async (t) => ({ url: '/api/admin/invoices/approve', payload: { ids: [(await draftInvoice(t)).id] } }),
};
