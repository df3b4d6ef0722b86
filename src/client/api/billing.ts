import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CustomerAccount,
  CustomerBilling,
  CustomerBillingInput,
  InvoiceSettingsBody,
  Payment,
  PaymentInput,
  Receivables,
} from '../../shared/api/payments';
import { billingKeys, resources } from './query-keys';
import { getJson, sendJson } from '../lib/api-client';
import { useRefreshingMutation } from '../lib/use-refreshing-mutation';

/** Payments and collections in the console (issue 25): the API's calls, each read under billingKeys. */
const customerUrl = (customerId: string, rest: string) => `/api/admin/customers/${encodeURIComponent(customerId)}/${rest}`;

/** A payment, a credit applied or a fee waived changes what invoices ask for, accounts and receivables. */
const moneyChanges = [resources.billing, resources.invoices];

/** GET …/statement.pdf: the customer's statement of account as of today, a PDF; a plain download link. */
export const statementPdfUrl = (customerId: string) => customerUrl(customerId, 'statement.pdf');

export const customerAccountQuery = (customerId: string) =>
  queryOptions({ queryKey: billingKeys.account(customerId), queryFn: () => getJson<CustomerAccount>(customerUrl(customerId, 'account')) });

export const useCustomerAccount = (customerId: string) => useQuery(customerAccountQuery(customerId));

export const useReceivables = () =>
  useQuery({ queryKey: billingKeys.receivables(), queryFn: () => getJson<Receivables>('/api/admin/receivables') });

export const useRecordPayment = () =>
  useRefreshingMutation({
    mutationFn: (input: PaymentInput) => sendJson<{ payment: Payment; recorded: boolean }>('POST', '/api/admin/payments', input),
    changes: moneyChanges,
  });

export const useDeletePayment = () =>
  useRefreshingMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      sendJson<Payment>('POST', `/api/admin/payments/${encodeURIComponent(id)}/delete`, { reason }),
    changes: moneyChanges,
  });

export const useApplyCredit = () =>
  useRefreshingMutation({
    mutationFn: (customerId: string) => sendJson<CustomerAccount>('POST', customerUrl(customerId, 'apply-credit')),
    changes: moneyChanges,
  });

export const useWaiveLateFee = () =>
  useRefreshingMutation({
    mutationFn: (id: string) =>
      sendJson<{ invoiceId: string; amountCents: number }>('POST', `/api/admin/late-fees/${encodeURIComponent(id)}/waive`, {}),
    changes: moneyChanges,
  });

export const customerBillingQuery = (customerId: string) =>
  queryOptions({
    queryKey: billingKeys.customerBilling(customerId),
    queryFn: () => getJson<CustomerBilling>(customerUrl(customerId, 'billing')),
  });

export const useCustomerBilling = (customerId: string) => useQuery(customerBillingQuery(customerId));

export const useUpdateCustomerBilling = (customerId: string) =>
  useRefreshingMutation({
    mutationFn: (input: CustomerBillingInput) => sendJson<CustomerBilling>('PUT', customerUrl(customerId, 'billing'), input),
    changes: [resources.billing],
  });

export const useInvoiceSettings = () =>
  useQuery({ queryKey: billingKeys.settings(), queryFn: () => getJson<InvoiceSettingsBody>('/api/admin/invoice-settings') });

export const useUpdateInvoiceSettings = () =>
  useRefreshingMutation({
    mutationFn: (input: InvoiceSettingsBody) => sendJson<InvoiceSettingsBody>('PUT', '/api/admin/invoice-settings', input),
    changes: [resources.billing],
  });
