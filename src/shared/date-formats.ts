import { addDays } from './local-dates';
import { COMPANY_TIME_ZONE } from './visits';

/**
 * Every date and time the product shows, one function per format. Each formatter is built once,
 * on first use: building one costs far more than using it, and the first in Central time loads
 * the browser's time zone data, so a screen builds only those it shows. Two kinds of value:
 * - a local date (YYYY-MM-DD) is a calendar day: read as that day, never through a time zone;
 * - an instant (ISO string, Date or epoch ms) is shown as the wall clock in Milwaukee (America/Chicago).
 */

type Instant = Date | string | number;
const toDate = (instant: Instant) => (instant instanceof Date ? instant : new Date(instant));

/** A formatter for local dates: the day's UTC midnight, formatted in UTC, is that calendar day. */
function calendarFormat(options: Intl.DateTimeFormatOptions) {
  let format: Intl.DateTimeFormat | undefined;
  return (localDate: string) => {
    const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
    format ??= new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    return format.format(new Date(Date.UTC(y, m - 1, d)));
  };
}

/** A formatter for instants, in the company's time zone. */
function wallClockFormat(options: Intl.DateTimeFormatOptions) {
  let format: Intl.DateTimeFormat | undefined;
  return (instant: Instant) =>
    (format ??= new Intl.DateTimeFormat('en-US', { ...options, timeZone: COMPANY_TIME_ZONE })).format(toDate(instant));
}

// Local dates

/** "Nov 23" */
export const shortDateText = calendarFormat({ month: 'short', day: 'numeric' });
/** "Mon, Nov 23" */
export const shortWeekdayDateText = calendarFormat({ weekday: 'short', month: 'short', day: 'numeric' });
/** "Nov 23, 2026" */
export const mediumDateText = calendarFormat({ month: 'short', day: 'numeric', year: 'numeric' });
/** "Monday, November 23" */
export const weekdayDateText = calendarFormat({ weekday: 'long', month: 'long', day: 'numeric' });
/** "Monday, November 23, 2026" */
export const fullDateText = calendarFormat({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
/** A month (YYYY-MM) as "November 2026". */
export const monthText = (month: string) => monthFormat(`${month.slice(0, 7)}-01`);
const monthFormat = calendarFormat({ month: 'long', year: 'numeric' });
/** The week from a Monday: "Nov 23 – Nov 29". */
export const weekText = (monday: string) => `${shortDateText(monday)} – ${shortDateText(addDays(monday, 6))}`;

// Instants, in Milwaukee

/** "Oct 2, 2026" */
export const instantDateText = wallClockFormat({ dateStyle: 'medium' });
/** "Oct 2, 2026, 9:15 AM" */
export const instantDateTimeText = wallClockFormat({ dateStyle: 'medium', timeStyle: 'short' });
/** "Nov 23, 7:02 AM": the year left out, for what happened lately. */
export const instantShortDateTimeText = wallClockFormat({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
/** "Nov 23, 2026, 7:02:05 AM": to the second, for the audit log. */
export const instantSecondsText = wallClockFormat({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});
const yearOf = wallClockFormat({ year: 'numeric' });

/** A short time for a compact list: "Nov 21, 9:15 AM" this year, "Nov 21, 2025" before it. */
export const recentDateText = (instant: Instant, now: Instant = new Date()) =>
  yearOf(instant) === yearOf(now) ? instantShortDateTimeText(instant) : instantDateText(instant);

let wallClockParts: Intl.DateTimeFormat | undefined;

/** Milwaukee's wall-clock time of an instant, as a datetime-local value ("2026-11-23T07:02"). */
export function toChicagoLocal(instant: Instant): string {
  wallClockParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: COMPANY_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const parts = Object.fromEntries(wallClockParts.formatToParts(toDate(instant)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** "7:05 AM" (an instant); "6:00 AM" (a time of day); "6:00 AM – 10:00 AM" or "Anytime" (a visit's window); "1 h 05 min". */
export { clockText, minutesText, timeOfDayText, windowText } from './local-dates';
