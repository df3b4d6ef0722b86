import { addDays } from './local-dates';
import { FIRST_VISIT_BUSINESS_DAYS } from './estimates';
import { TERM_MONTHS, type AgreementTerm } from './estimate-totals';

/**
 * The dates of a service agreement (issue 24), on local dates (YYYY-MM-DD, America/Chicago) with
 * calendar arithmetic only, so no time zone or daylight-saving change moves a day.
 */

const weekdayOf = (localDate: string) => {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 is Sunday
};

/** Monday to Friday. Holidays are not counted out: the crews work them unless the office moves a visit. */
export const isBusinessDay = (localDate: string) => {
  const weekday = weekdayOf(localDate);
  return weekday !== 0 && weekday !== 6;
};

/**
 * The local date `days` business days after `localDate` (Monday to Friday): Friday plus 2 is
 * Tuesday, Saturday plus 1 is Monday. Zero days is the day itself.
 */
export function addBusinessDays(localDate: string, days: number): string {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`Business days must be a whole number, zero or more, not ${days}`);
  let date = localDate;
  for (let left = days; left > 0;) {
    date = addDays(date, 1);
    if (isBusinessDay(date)) left -= 1;
  }
  return date;
}

/**
 * A local date moved by whole months, kept on its day of the month or the month's last day when the
 * month is shorter: January 31 plus one month is February 28 (29 in a leap year).
 */
export function addMonths(localDate: string, months: number): string {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/** The last day of a fixed term that starts on `startDate` (start plus 6 or 12 months, less a day); null for month-to-month. */
export function termEndDate(term: AgreementTerm, startDate: string): string | null {
  const months = TERM_MONTHS[term];
  return months === null ? null : addDays(addMonths(startDate, months), -1);
}

/**
 * When service starts after an acceptance on `acceptedOn`: from the next day (or the proposed start
 * date, if later), with the first visit at each property no later than FIRST_VISIT_BUSINESS_DAYS
 * business days after acceptance, as the site promises ("service starts within 24-48 hours of
 * confirmation"), or on the proposed start date when that is later.
 */
export function firstVisitWindow(acceptedOn: string, proposedStartDate: string): { from: string; by: string } {
  const tomorrow = addDays(acceptedOn, 1);
  const promised = addBusinessDays(acceptedOn, FIRST_VISIT_BUSINESS_DAYS);
  return {
    from: proposedStartDate > tomorrow ? proposedStartDate : tomorrow,
    by: proposedStartDate > promised ? proposedStartDate : promised,
  };
}
