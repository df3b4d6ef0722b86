import { localToday } from '../../shared/local-dates';
import { FIRST_REPORT_MONTH, monthName, reportMonthOf } from '../../shared/report-months';

/**
 * The monthly service report's downloads (decision 007): the PDF's URL for the portal and the
 * console, and the months a picker offers. The server streams the PDF as an attachment, so a
 * plain link (`<a href download>`) is the whole download: no script holds the file.
 */

/** Whose report. */
export type MonthlyReportOf =
  /** A property's: the portal's path, or the console's with `console: true`. */
  | { propertyId: string; console?: boolean }
  /** A customer's, across all their properties: the console's path. */
  | { customerId: string }
  /** The signed-in customer's own, across all their properties: the portal's path. */
  | 'mine';

/** The report's URL for a month (YYYY-MM; the current month, to date, unless given). */
export function monthlyReportUrl(of: MonthlyReportOf, month: string = reportMonthOf(localToday())): string {
  const file = `reports/${encodeURIComponent(month)}.pdf`;
  if (of === 'mine') return `/api/customer/${file}`;
  if ('customerId' in of) return `/api/admin/customers/${encodeURIComponent(of.customerId)}/${file}`;
  return `${of.console ? '/api/admin' : '/api'}/properties/${encodeURIComponent(of.propertyId)}/${file}`;
}

export interface ReportMonth {
  /** YYYY-MM. */
  value: string;
  /** "November 2026 (to date)", "October 2026". */
  label: string;
}

/** The months a report can be asked for, newest first: this month (to date), then `count - 1` before it. */
export function reportMonths(count = 24, today: string = localToday()): ReportMonth[] {
  const months: ReportMonth[] = [];
  let month = reportMonthOf(today);
  while (months.length < count && month >= FIRST_REPORT_MONTH) {
    months.push({ value: month, label: months.length ? monthName(month) : `${monthName(month)} (to date)` });
    const [year, number] = month.split('-').map(Number) as [number, number];
    month = number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
  }
  return months;
}
