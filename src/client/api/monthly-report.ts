import { useQuery } from '@tanstack/react-query';
import { localToday } from '../../shared/local-dates';
import { FIRST_REPORT_MONTH, monthName, reportMonthOf } from '../../shared/report-months';
import { getJson } from '../lib/api-client';

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

/** The URL of the months a record's reports may cover (`{ from: 'YYYY-MM' }`). */
export function reportMonthsUrl(of: MonthlyReportOf): string {
  return monthlyReportUrl(of, 'months').replace('/months.pdf', '/months');
}

export const reportMonthKeys = { of: (of: MonthlyReportOf) => ['report-months', of] as const };

/** The first month the menu offers: the customer's first (GET …/reports/months). */
export const useFirstReportMonth = (of: MonthlyReportOf) =>
  useQuery({
    queryKey: reportMonthKeys.of(of),
    queryFn: async () => (await getJson<{ from: string }>(reportMonthsUrl(of))).from,
  });

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

/**
 * The months a report can be asked for, newest first: this month (to date), then up to `count - 1`
 * before it, none before `from` (the customer's first month).
 */
export function reportMonths(count = 24, today: string = localToday(), from: string = FIRST_REPORT_MONTH): ReportMonth[] {
  const months: ReportMonth[] = [];
  let month = reportMonthOf(today);
  const first = from > FIRST_REPORT_MONTH ? from : FIRST_REPORT_MONTH;
  while (months.length < count && (month >= first || months.length === 0)) {
    months.push({ value: month, label: months.length ? monthName(month) : `${monthName(month)} (to date)` });
    const [year, number] = month.split('-').map(Number) as [number, number];
    month = number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
  }
  return months;
}
