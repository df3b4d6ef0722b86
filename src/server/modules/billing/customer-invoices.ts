import type { Invoice, InvoiceSummary } from '../../../shared/api/invoices';
import { localToday } from '../../../shared/local-dates';
import type { Executor } from '../../db/executor';
import { NotFoundError } from '../../errors';
import { getInvoicingSettings } from './customer-billing';
import { invoicePdfFileName } from './invoice-pdf';
import { renderInvoicePdfOffThread } from './invoice-rendering';
import { getInvoice, listInvoices } from './invoice-views';

/*
 * A customer's invoices as the portal shows them (issue 25): only those that were sent (open, partly
 * paid, paid, overdue, or void since), never a draft, which is staff's work in progress. Every figure
 * (status, amount due) comes from the same views the console reads; this file only chooses which.
 */

/** GET /api/portal/invoices: the customer's sent invoices, newest period first (then the latest issued). */
export async function customerInvoices(db: Executor, customerId: string, today: string = localToday()): Promise<InvoiceSummary[]> {
  const all = await listInvoices(db, { customerId }, today);
  return all
    .filter((invoice) => invoice.status !== 'draft')
    .sort(
      (a, b) =>
        b.periodStart.localeCompare(a.periodStart) ||
        (b.issuedOn ?? '').localeCompare(a.issuedOn ?? '') ||
        (b.number ?? '').localeCompare(a.number ?? ''),
    );
}

/**
 * One sent invoice as its customer reads it: lines taken off the draft before it was sent are left
 * out (their reasons are staff's notes). A draft is "not found", exactly like an unknown id.
 */
export async function sentInvoice(db: Executor, id: string, today: string = localToday()): Promise<Invoice> {
  const invoice = await getInvoice(db, id, today);
  if (invoice.status === 'draft') throw new NotFoundError();
  return {
    ...invoice,
    sections: invoice.sections.map((section) => ({ ...section, lines: section.lines.filter((line) => !line.removal) })),
  };
}

/**
 * The invoice's PDF, the one e-mailed when it was sent but with today's amount due and status, and
 * its file name; drawn off the server's thread (invoice-rendering.ts).
 */
export async function invoicePdf(db: Executor, appUrl: URL | string, invoice: Invoice): Promise<{ fileName: string; pdf: Buffer }> {
  const { achInstructions } = await getInvoicingSettings(db);
  return {
    fileName: invoicePdfFileName(invoice),
    pdf: await renderInvoicePdfOffThread({ invoice, achInstructions, appUrl: String(appUrl) }),
  };
}
