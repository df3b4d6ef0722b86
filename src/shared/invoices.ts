import { mediumDateText, monthText } from './date-formats';

/**
 * Invoices (issue 25): what a billing run makes from the agreements and the visits, and what
 * collections need. One definition of each word, used by the tables, the API and the screens.
 */

/** Per customer: due on receipt, or net 15, 30, 45 or 60 days (default net 30). */
export const PAYMENT_TERMS = ['due_on_receipt', 'net_15', 'net_30', 'net_45', 'net_60'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];
export const DEFAULT_PAYMENT_TERMS: PaymentTerms = 'net_30';
export const PAYMENT_TERMS_LABELS: Record<PaymentTerms, string> = {
  due_on_receipt: 'Due on receipt',
  net_15: 'Net 15',
  net_30: 'Net 30',
  net_45: 'Net 45',
  net_60: 'Net 60',
};
/** How many days after the invoice date it falls due. */
export const PAYMENT_TERMS_DAYS: Record<PaymentTerms, number> = { due_on_receipt: 0, net_15: 15, net_30: 30, net_45: 45, net_60: 60 };

/**
 * An invoice as stored: a `draft` the billing run keeps up to date, `sent` once approved (numbered,
 * never edited again), or `void` (its number kept, with the reason). Open, partly paid, paid and
 * overdue are worked out from its payments and due date (`invoiceStatus`).
 */
export const STORED_INVOICE_STATUSES = ['draft', 'sent', 'void'] as const;
export type StoredInvoiceStatus = (typeof STORED_INVOICE_STATUSES)[number];

/**
 * What an invoice line bills:
 * - `visit`: a completed visit at a per-visit price (or an extra visit a customer asked for, at the price book's price);
 * - `month`: an agreement line's monthly price for the month;
 * - `one_time`: one-time work (the initial cleanup), billed once;
 * - `hours`: an hourly callout, by the hours on site rounded up to the quarter hour;
 * - `credit`: a missed or company-skipped visit on a monthly line, credited;
 * - `adjustment`: a line staff added by hand, with a reason.
 */
export const INVOICE_LINE_KINDS = ['visit', 'month', 'one_time', 'hours', 'credit', 'adjustment'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

/** How a payment came in. */
export const PAYMENT_METHODS = ['check', 'ach', 'card', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { check: 'Check', ach: 'ACH', card: 'Card', cash: 'Cash' };

/** Late fees: off (the default), a flat amount, or a percentage of the amount overdue. */
export const LATE_FEE_KINDS = ['off', 'flat', 'percent'] as const;
export type LateFeeKind = (typeof LATE_FEE_KINDS)[number];

/** The number series that must stay gapless per year: invoices (2026-00001) and credit notes (CN-2026-00001). */
export const NUMBER_SERIES = ['invoice', 'credit_note'] as const;
export type NumberSeries = (typeof NUMBER_SERIES)[number];

/** An invoice's period in words: "October 2026" for a whole month, "Nov 1 – Nov 17, 2026" for a month billed to date. */
export function invoicePeriodText(invoice: { periodStart: string; periodEnd: string }): string {
  const whole = monthBounds(invoice.periodStart.slice(0, 7));
  if (invoice.periodStart === whole.start && invoice.periodEnd === whole.end) return monthText(invoice.periodStart);
  return `${mediumDateText(invoice.periodStart).replace(/, \d{4}$/, '')} – ${mediumDateText(invoice.periodEnd)}`;
}

/** A billing month, `2026-11`: its first and last local days. */
export function monthBounds(month: string): { start: string; end: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${String(last).padStart(2, '0')}` };
}

/** The month before the one a local day is in: what the run on the 1st bills. */
export function previousMonth(localDate: string): string {
  const [year, month] = localDate.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** An invoice's number in its series and year: `2026-00001`, `CN-2026-00001`. */
export const documentNumber = (series: NumberSeries, year: number, sequence: number) =>
  `${series === 'credit_note' ? 'CN-' : ''}${year}-${String(sequence).padStart(5, '0')}`;

/** "Late fee, charged Nov 3, 2026": the fee's line in an invoice's totals (the screens and the PDF). */
export const lateFeeLabel = (chargedOn: string | null) => (chargedOn ? `Late fee, charged ${mediumDateText(chargedOn)}` : 'Late fee');
