/** The billing module's public surface (issue 25): the billing run, invoices, their numbers and approval. */
export { prepareInvoices, updateTotals } from './billing-run';
export type { BillingPeriod, BillingRunResult } from './billing-run';
export { nextDocumentNumber } from './document-numbers';
export { approveInvoice, NOTHING_TO_BILL } from './invoice-approval';
export { addInvoiceAdjustment, removeInvoiceLine } from './invoice-edits';
export { getInvoice, invoiceStatus, listInvoices, SENT_IS_FINAL } from './invoice-views';
export { BILLING_CATCH_UP_DAYS, runMonthlyBilling } from './monthly-billing';
export { invoicePdfFileName, renderInvoicePdf } from './invoice-pdf';
export { approveAndSendInvoice, approveAndSendInvoices, billingRecipients, VOID_IS_FINAL } from './invoice-sending';
export type { BulkApproval } from './invoice-sending';
