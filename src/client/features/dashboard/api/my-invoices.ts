import { useQuery } from '@tanstack/react-query';
import type { Invoice, InvoiceSummary } from '../../../../shared/api/invoices';
import { resources } from '../../../api/query-keys';
import { getJson } from '../../../lib/api-client';
import { myInvoiceUrl, MY_INVOICES_URL } from './urls';

/** The customer's own invoices in the portal: the list, and each one (under `invoices`, so a change to any reads them again). */
export const myInvoiceKeys = {
  all: [...resources.invoices, 'mine'] as const,
  one: (id: string) => [...resources.invoices, 'mine', id] as const,
};

/** GET /api/portal/invoices: the invoices sent to the customer, newest first, with status and amount due as of today. */
export const useMyInvoices = () => useQuery({ queryKey: myInvoiceKeys.all, queryFn: () => getJson<InvoiceSummary[]>(MY_INVOICES_URL) });

/** GET /api/portal/invoices/{id}: one invoice by property; 404 for one that is not the customer's (or not sent). */
export const useMyInvoice = (id: string) =>
  useQuery({ queryKey: myInvoiceKeys.one(id), queryFn: () => getJson<Invoice>(myInvoiceUrl(id)) });
