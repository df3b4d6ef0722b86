import { localDateText, localToday } from './local-dates';

/**
 * The monthly service report's months: YYYY-MM, local to the company (America/Chicago).
 * The current month's report runs to today; a month that has not started has no report.
 * Shared so the console's month picker and the server refuse the same months.
 * See docs/decisions/007-monthly-service-report.md.
 */

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** The first month any report may cover: older ones are a typo, not a record. */
export const FIRST_REPORT_MONTH = '2000-01';

/** The local month (YYYY-MM) of a local date, or of today. */
export const reportMonthOf = (localDate: string = localToday()) => localDate.slice(0, 7);

/** Why a month cannot be reported on, in words for the person asking; null when it can. */
export function reportMonthProblem(month: string, today: string = localToday()): string | null {
  if (!MONTH_PATTERN.test(month)) return `Give the month as YYYY-MM, for example ${reportMonthOf(today)}.`;
  if (month < FIRST_REPORT_MONTH) return `Reports start in ${monthName(FIRST_REPORT_MONTH)}.`;
  if (month > reportMonthOf(today))
    return `${monthName(month)} has not started yet: reports cover the current month to date and past months.`;
  return null;
}

/** The local dates a month's report covers: the whole month, or up to today for the current month. */
export function reportRange(month: string, today: string = localToday()): { from: string; to: string; toDate: boolean } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const from = `${month}-01`;
  const last = new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
  return last >= today && from <= today ? { from, to: today, toDate: true } : { from, to: last, toDate: false };
}

/** "November 2026". */
export const monthName = (month: string) => localDateText(`${month}-01`, { month: 'long', year: 'numeric' });
