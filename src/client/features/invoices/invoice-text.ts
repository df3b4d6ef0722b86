import type { InvoiceStatus } from '../../../shared/api/invoices';
import { mediumDateText, monthText, shortDateText } from '../../../shared/date-formats';
import { monthBounds, previousMonth } from '../../../shared/invoices';
import { localToday } from '../../../shared/local-dates';

/** The invoices' words in the console (issue 25), worked out once for the list and each invoice's page. */

/** A billed period: "October 2026" for a whole month, else its days ("Nov 1 – Nov 28, 2026", a month to date). */
export function periodText(start: string, end: string): string {
  const month = start.slice(0, 7);
  const whole = monthBounds(month);
  if (start === whole.start && end === whole.end) return monthText(month);
  return `${shortDateText(start)} – ${mediumDateText(end)}`;
}

/** An invoice's name: its number once sent, else "Draft". */
export const invoiceNumberText = (invoice: { number: string | null }) => invoice.number ?? 'Draft';

/** The status filter's choices, as a list of them reads. */
export const STATUS_FILTER_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Drafts',
  open: 'Open',
  partly_paid: 'Partly paid',
  overdue: 'Overdue',
  paid: 'Paid',
  void: 'Void',
};

/** How many months back the month pickers reach. */
const MONTHS_SHOWN = 24;

/** This month and the ones before it, newest first (YYYY-MM). */
export function recentMonths(today: string = localToday(), count: number = MONTHS_SHOWN): string[] {
  const months = [today.slice(0, 7)];
  while (months.length < count) months.push(previousMonth(`${months.at(-1)!}-01`));
  return months;
}

/** A month as a picker shows it: the current one is billed to date. */
export const monthChoiceText = (month: string, today: string = localToday()) =>
  month === today.slice(0, 7) ? `${monthText(month)} (to date)` : monthText(month);

/** "3 drafts", "1 draft". */
export const count = (n: number, one: string, many: string = `${one}s`) => `${n} ${n === 1 ? one : many}`;
