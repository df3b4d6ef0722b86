import { useQuery } from '@tanstack/react-query';
import type {
  BillingRunResultBody,
  CreditNote,
  CreditNoteInput,
  Invoice,
  InvoiceAdjustment,
  InvoiceBulkApprovalResult,
  InvoiceListQuery,
  InvoiceSummary,
} from '../../../../shared/api/invoices';
import { resources } from '../../../api/query-keys';
import { getJson, sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

/** The console's invoices API (src/server/routes/console/invoices.ts): each read keyed under the shared invoices family. */
const INVOICES_URL = '/api/admin/invoices';
const invoiceUrl = (id: string) => `${INVOICES_URL}/${encodeURIComponent(id)}`;

export const invoiceKeys = {
  all: resources.invoices,
  list: (filters: InvoiceListQuery) => [...resources.invoices, 'list', filters] as const,
  one: (id: string) => [...resources.invoices, 'one', id] as const,
};

/** GET /api/admin/invoices with the filters that are set (status, month, customer, aging bucket). */
export const invoicesUrl = (filters: InvoiceListQuery) => {
  const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return query.size ? `${INVOICES_URL}?${query}` : INVOICES_URL;
};

export const useInvoices = (filters: InvoiceListQuery) =>
  useQuery({
    queryKey: invoiceKeys.list(filters),
    queryFn: () => getJson<InvoiceSummary[]>(invoicesUrl(filters)),
    placeholderData: (previous) => previous,
  });

export const useInvoice = (id: string) => useQuery({ queryKey: invoiceKeys.one(id), queryFn: () => getJson<Invoice>(invoiceUrl(id)) });

/** A draft changed or sent changes the lists, its page, and (once sent) what customers owe. */
const invoiceChanges = [resources.invoices, resources.billing];

/** POST /api/admin/billing-runs ("Prepare invoices"): a month's drafts made or brought up to date. */
export const usePrepareInvoices = () =>
  useRefreshingMutation({
    mutationFn: (month: string) => sendJson<BillingRunResultBody>('POST', '/api/admin/billing-runs', { month }),
    changes: invoiceChanges,
  });

export const useAddInvoiceLine = (id: string) =>
  useRefreshingMutation({
    mutationFn: (input: InvoiceAdjustment) => sendJson<Invoice>('POST', `${invoiceUrl(id)}/lines`, input),
    changes: invoiceChanges,
  });

export const useRemoveInvoiceLine = (id: string) =>
  useRefreshingMutation({
    mutationFn: ({ lineId, reason }: { lineId: string; reason: string }) =>
      sendJson<Invoice>('POST', `${invoiceUrl(id)}/lines/${encodeURIComponent(lineId)}/remove`, { reason }),
    changes: invoiceChanges,
  });

/** POST …/approve ("Approve and send"): the draft takes the year's next number and goes to the billing contacts. */
export const useApproveInvoice = (id: string) =>
  useRefreshingMutation({
    mutationFn: () => sendJson<Invoice>('POST', `${invoiceUrl(id)}/approve`),
    changes: invoiceChanges,
  });

/** POST /api/admin/invoices/approve ("Approve and send all"): each draft on its own; which went, and which were refused and why. */
/** Drafts approved per request: each is numbered and its PDF drawn, so a month of them goes in parts, well inside a request's time. */
export const APPROVAL_BATCH = 25;

/**
 * POST …/approve in parts of APPROVAL_BATCH, one after another, their answers added up;
 * `onProgress` hears how many have been done so far.
 */
export async function approveInBatches(ids: string[], onProgress?: (done: number) => void): Promise<InvoiceBulkApprovalResult> {
  const total: InvoiceBulkApprovalResult = { sent: [], alreadySent: [], refused: [] };
  for (let from = 0; from < ids.length; from += APPROVAL_BATCH) {
    const part = await sendJson<InvoiceBulkApprovalResult>('POST', `${INVOICES_URL}/approve`, {
      ids: ids.slice(from, from + APPROVAL_BATCH),
    });
    total.sent.push(...part.sent);
    total.alreadySent.push(...part.alreadySent);
    total.refused.push(...part.refused);
    onProgress?.(Math.min(from + APPROVAL_BATCH, ids.length));
  }
  return total;
}

export const useApproveInvoices = (onProgress?: (done: number) => void) =>
  useRefreshingMutation({ mutationFn: (ids: string[]) => approveInBatches(ids, onProgress), changes: invoiceChanges });

/** GET …/pdf: the invoice as a PDF, as sent (a draft's is marked "Draft: not sent"); a plain download link. */
export const invoicePdfUrl = (id: string) => `${invoiceUrl(id)}/pdf`;

/** GET /api/admin/credit-notes/{id}/pdf: a credit note as a PDF. */
export const creditNotePdfUrl = (id: string) => `/api/admin/credit-notes/${encodeURIComponent(id)}/pdf`;

/** POST …/void ("Void invoice"): the sent invoice keeps its number, owes nothing, and the customer is e-mailed. */
export const useVoidInvoice = (id: string) =>
  useRefreshingMutation({
    mutationFn: (reason: string) => sendJson<Invoice>('POST', `${invoiceUrl(id)}/void`, { reason }),
    changes: invoiceChanges,
  });

/** POST …/credit-notes ("Issue a credit note"): the id is the form's, so a second press issues nothing more. */
export const useIssueCreditNote = (id: string) =>
  useRefreshingMutation({
    mutationFn: (input: CreditNoteInput) =>
      sendJson<{ creditNote: CreditNote; issued: boolean }>('POST', `${invoiceUrl(id)}/credit-notes`, input),
    changes: invoiceChanges,
  });
