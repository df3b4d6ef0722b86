import type { EstimateAnswer } from '../../../api/estimate-answers';

/** The portal's API URLs, as plain functions: the hooks read them, and so do the dashboard's first reads (first-reads.ts). */

/** GET /api/customer/properties: the signed-in customer's properties. */
export const MY_PROPERTIES_URL = '/api/customer/properties';

/** GET /api/properties/{id}/visits: the next visit and a page of the history, optionally for one month (YYYY-MM). */
export function visitHistoryUrl(propertyId: string, month: string | null, page: number) {
  const query = new URLSearchParams({ page: String(page), ...(month ? { month } : {}) });
  return `/api/properties/${encodeURIComponent(propertyId)}/visits?${query}`;
}

/** GET /api/properties/{id}/requests: the property's requests, newest first, with their status. */
export const propertyRequestsUrl = (propertyId: string) => `/api/properties/${propertyId}/requests`;

/** GET /api/portal/agreements: the customer's service agreements, newest first. */
export const MY_AGREEMENTS_URL = '/api/portal/agreements';

/** POST /api/portal/agreements/{id}/cancel: notice on a month-to-month agreement. */
export const cancelAgreementUrl = (agreementId: string) => `/api/portal/agreements/${encodeURIComponent(agreementId)}/cancel`;

/** GET /api/portal/estimates: the customer's estimates waiting for an answer. */
export const MY_ESTIMATES_URL = '/api/portal/estimates';

/** GET /api/portal/estimates/{id}, and its answers (…/accept, …/request-changes, …/decline). */
export const myEstimateUrl = (estimateId: string, answer?: EstimateAnswer) =>
  `${MY_ESTIMATES_URL}/${encodeURIComponent(estimateId)}${answer ? `/${answer}` : ''}`;

/** GET /api/portal/invoices: the customer's sent invoices, newest first. */
export const MY_INVOICES_URL = '/api/portal/invoices';

/** GET /api/portal/invoices/{id}: one invoice with its lines by property. */
export const myInvoiceUrl = (invoiceId: string) => `${MY_INVOICES_URL}/${encodeURIComponent(invoiceId)}`;

/** GET /api/portal/invoices/{id}/pdf: the invoice as a PDF (a download, recorded in the audit log). */
export const myInvoicePdfUrl = (invoiceId: string) => `${myInvoiceUrl(invoiceId)}/pdf`;

/** GET /api/portal/statement.pdf: the customer's statement of account as of today. */
export const MY_STATEMENT_URL = '/api/portal/statement.pdf';
