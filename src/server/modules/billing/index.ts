/** The billing module's public surface (issue 25): the billing run, invoice numbers and approval. */
export { prepareInvoices, updateTotals } from './billing-run';
export type { BillingPeriod, BillingRunResult } from './billing-run';
export { nextDocumentNumber } from './document-numbers';
export { approveInvoice, NOTHING_TO_BILL } from './invoice-approval';
export { BILLING_CATCH_UP_DAYS, runMonthlyBilling } from './monthly-billing';
