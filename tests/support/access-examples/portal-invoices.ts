import { idOf, type MakeExample } from '../access-examples';
import type { TestAppContext } from '../app';
import { testInvoice } from '../invoices';

let made = 0;

/**
 * A sent invoice of a customer (A unless told), a new one per call: a month of its own, long past
 * (a customer has one invoice a month), with one verified visit.
 */
export async function newSentInvoice(t: TestAppContext, customer = idOf(t.fixture)): Promise<string> {
  const index = 1990 * 12 + made++;
  const month = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  const invoice = await testInvoice(t.app.db, {
    customerId: customer.id,
    propertyId: customer.propertyId,
    month,
    lines: [{ kind: 'visit', date: `${month}-14`, priceCents: 8500 }],
  });
  return invoice.id;
}

/** The access matrix's examples for a customer's invoices in the portal (see tests/support/access-examples.ts). */
export const PORTAL_INVOICE_EXAMPLES: Record<string, MakeExample> = {
  'GET /api/portal/invoices': () => ({ url: '/api/portal/invoices' }),
  'GET /api/portal/invoices/:id': async (t) => ({ url: `/api/portal/invoices/${await newSentInvoice(t)}` }),
  'GET /api/portal/invoices/:id/pdf': async (t) => ({ url: `/api/portal/invoices/${await newSentInvoice(t)}/pdf` }),
};
