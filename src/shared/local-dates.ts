import { COMPANY_TIME_ZONE } from './visits';

/**
 * Local calendar dates (YYYY-MM-DD) in the company's time zone. Visits live on local
 * dates, so daylight-saving changes never move one to another day.
 */
const formatter = new Intl.DateTimeFormat('en-CA', { timeZone: COMPANY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The local date (America/Chicago) of an instant. */
export const localDateOf = (instant: Date): string => formatter.format(instant);

/** Today in America/Chicago. */
export const localToday = (now: Date = new Date()): string => localDateOf(now);

/** A local date moved by a number of days (calendar arithmetic, no time zone involved). */
export function addDays(localDate: string, days: number): string {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Days from one local date to another (negative when `to` comes first; calendar arithmetic, no time zone involved). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The Monday of the week a local date is in (the schedule's weeks; the server sends the current one with the page). */
export function weekStartOf(localDate: string): string {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 is Sunday
  return addDays(localDate, weekday === 0 ? -6 : 1 - weekday);
}

const dateTextFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A local date (YYYY-MM-DD) in words, "Monday, November 23" unless other parts are asked for
 * (screens use the named formats of shared/date-formats); one formatter per set of parts, kept.
 */
export function localDateText(localDate: string, options: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric' }) {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  const key = JSON.stringify(options);
  let format = dateTextFormats.get(key);
  if (!format) dateTextFormats.set(key, (format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' })));
  return format.format(new Date(Date.UTC(y, m - 1, d)));
}

/** A local time of day ("06:00") as "6:00 AM". */
export function clockText(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** A visit's window, "6:00 AM – 10:00 AM", or "Anytime" for a visit done whenever the route reaches it. */
export const windowText = (window: { from: string; to: string } | null) =>
  window ? `${clockText(window.from)} – ${clockText(window.to)}` : 'Anytime';

const timeOfDay = new Intl.DateTimeFormat('en-US', { timeZone: COMPANY_TIME_ZONE, hour: 'numeric', minute: '2-digit' });

/** An instant as the time of day in Wisconsin: "7:05 AM". */
export const timeOfDayText = (instant: Date | string | number) =>
  timeOfDay.format(typeof instant === 'string' ? new Date(instant) : instant);

/** A length of time in minutes, in words: "53 min", "1 h 05 min". */
export const minutesText = (minutes: number) =>
  minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
