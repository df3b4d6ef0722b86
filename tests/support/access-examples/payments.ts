import { randomUUID } from 'node:crypto';
import { creditNotes, invoices, lateFees, payments } from '../../../src/server/db/schema';
import { localToday } from '../../../src/shared/local-dates';
import { idOf, type MakeExample } from '../access-examples';
import type { TestAppContext } from '../app';

/** Months handed out so far: each invoice made here gets the next, so two never share a period. */
let periods = 0;

/** A sent invoice of customer A, a new one each call (its own period in the past): what payments and fees act on. */
async function sentInvoice(t: TestAppContext): Promise<string> {
  // One invoice per customer and month is allowed: a random month of 240 collided about once in six runs of the 401 test.
  const period = periods++;
  const year = 2000 + Math.floor(period / 12);
  const month = String(1 + (period % 12)).padStart(2, '0');
  const [invoice] = await t.app.db
    .insert(invoices)
    .values({
      customerId: idOf(t.fixture).id,
      periodStart: `${year}-${month}-01`,
      periodEnd: `${year}-${month}-28`,
      paymentTerms: 'net_30',
      status: 'sent',
      number: `${year}-${randomUUID().slice(0, 8)}`,
      issuedOn: `${year}-${month}-28`,
      dueOn: localToday(),
      subtotalCents: 17000,
      totalCents: 17000,
    })
    .returning({ id: invoices.id });
  return invoice!.id;
}

/** The access matrix's examples for payments and collections (see tests/support/access-examples.ts). */
export const PAYMENT_EXAMPLES: Record<string, MakeExample> = {
  'POST /api/admin/payments': async (t) => ({
    url: '/api/admin/payments',
    payload: {
      customerId: idOf(t.fixture).id,
      method: 'check',
      reference: '10442',
      receivedOn: localToday(),
      amountCents: 5000,
      allocations: [{ invoiceId: await sentInvoice(t), amountCents: 5000 }],
      idempotencyKey: randomUUID(),
    },
  }),
  'GET /api/admin/payments': (t) => ({ url: `/api/admin/payments?customerId=${idOf(t.fixture).id}` }),
  'POST /api/admin/payments/:id/delete': async (t) => {
    const [payment] = await t.app.db
      .insert(payments)
      .values({ customerId: idOf(t.fixture).id, method: 'cash', receivedOn: localToday(), amountCents: 2500 })
      .returning({ id: payments.id });
    return { url: `/api/admin/payments/${payment!.id}/delete`, payload: { reason: 'Entered twice' } };
  },
  'GET /api/admin/customers/:id/account': (t) => ({ url: `/api/admin/customers/${idOf(t.fixture).id}/account` }),
  'POST /api/admin/customers/:id/apply-credit': (t) => ({ url: `/api/admin/customers/${idOf(t.fixture).id}/apply-credit` }),
  'POST /api/admin/late-fees/:id/waive': async (t) => {
    const [fee] = await t.app.db
      .insert(lateFees)
      .values({ invoiceId: await sentInvoice(t), amountCents: 2500, appliedOn: localToday() })
      .returning({ id: lateFees.id });
    return { url: `/api/admin/late-fees/${fee!.id}/waive`, payload: {} };
  },
  'GET /api/admin/receivables': () => ({ url: '/api/admin/receivables' }),
  'GET /api/admin/customers/:id/statement.pdf': (t) => ({ url: `/api/admin/customers/${idOf(t.fixture).id}/statement.pdf` }),
  'GET /api/portal/statement.pdf': () => ({ url: '/api/portal/statement.pdf' }),
  'POST /api/admin/accounting-exports': () => ({
    url: '/api/admin/accounting-exports',
    payload: { kind: 'payments', format: 'plain', from: '2026-11-01', to: '2026-11-30' },
  }),
  'POST /api/admin/invoices/:id/void': async (t) => ({
    url: `/api/admin/invoices/${await sentInvoice(t)}/void`,
    payload: { reason: 'Billed to the wrong company' },
  }),
  'POST /api/admin/invoices/:id/credit-notes': async (t) => ({
    url: `/api/admin/invoices/${await sentInvoice(t)}/credit-notes`,
    payload: { id: randomUUID(), amountCents: 1500, reason: 'One bin missed on Oct 5' },
  }),
  'GET /api/admin/invoices/:id/pdf': async (t) => ({ url: `/api/admin/invoices/${await sentInvoice(t)}/pdf` }),
  'GET /api/admin/credit-notes/:id/pdf': async (t) => {
    const invoiceId = await sentInvoice(t);
    const [note] = await t.app.db
      .insert(creditNotes)
      .values({
        invoiceId,
        customerId: idOf(t.fixture).id,
        number: `CN-${randomUUID().slice(0, 8)}`,
        amountCents: 1500,
        reason: 'One bin missed',
        issuedOn: localToday(),
      })
      .returning({ id: creditNotes.id });
    return { url: `/api/admin/credit-notes/${note!.id}/pdf` };
  },
  'GET /api/admin/customers/:id/billing': (t) => ({ url: `/api/admin/customers/${idOf(t.fixture).id}/billing` }),
  'PUT /api/admin/customers/:id/billing': (t) => ({
    url: `/api/admin/customers/${idOf(t.fixture).id}/billing`,
    payload: {
      paymentTerms: 'net_45',
      invoicePerProperty: false,
      billingAddress: 'Accounts Payable\n2100 S Kinnickinnic Ave\nMilwaukee, WI 53207',
      remindersPaused: false,
      contacts: [{ email: 'ap@harborretail.example', name: 'Accounts Payable' }],
    },
  }),
  'GET /api/admin/invoice-settings': () => ({ url: '/api/admin/invoice-settings' }),
  'PUT /api/admin/invoice-settings': () => ({
    url: '/api/admin/invoice-settings',
    payload: {
      achInstructions: '',
      creditCompanySkips: true,
      reminderDaysBefore: 3,
      reminderDaysAfter: [7, 14, 30],
      lateFee: { kind: 'off', flatCents: 0, percentBp: 0, graceDays: 0 },
    },
  }),
};
