import { instantDateText } from './date-formats';
/**
 * The date a photo was taken ("taken on"): read from its camera data or typed by staff,
 * stored as an instant (`photos.taken_at`) and shown as a calendar date in Milwaukee.
 *
 * A date alone (YYYY-MM-DD, what a date field gives) means noon in Milwaukee that day, so it
 * reads as the same day in every US time zone. A camera's time without an offset is taken
 * as Milwaukee time: the crews photograph lots in Milwaukee and Waukesha counties.
 */

/** The company's time zone: every date a person reads is a date in Milwaukee. */
export const COMPANY_TIME_ZONE = 'America/Chicago';

/** The earliest taken-on date accepted: older is a typo (0202 for 2020), not a lot photo. */
export const EARLIEST_TAKEN_ON = '1990-01-01';

export const TAKEN_AT_MESSAGES = {
  invalid: 'Enter the date the photo was taken as a real date, such as 2026-10-02',
  future: 'The date taken cannot be later than today',
  tooEarly: 'The date taken must be in 1990 or later',
} as const;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: COMPANY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: COMPANY_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The calendar date (YYYY-MM-DD) an instant falls on in Milwaukee. */
export function dateInMilwaukee(instant: Date): string {
  return ymd.format(instant);
}

/** Milwaukee's offset from UTC at an instant, in milliseconds (-5 or -6 hours). */
function milwaukeeOffset(instant: number): number {
  const parts = Object.fromEntries(wallClock.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]));
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** Whether year, month and day name a day that exists (no February 30th). */
function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The instant a wall-clock time in Milwaukee names; null when it is not a real date and time. */
export function milwaukeeTime(year: number, month: number, day: number, hour = 12, minute = 0, second = 0): Date | null {
  if (!isRealDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // The offset at the guess, then at the corrected instant (they differ only around a DST change).
  let instant = asUtc - milwaukeeOffset(asUtc);
  const second_ = asUtc - milwaukeeOffset(instant);
  if (second_ !== instant) instant = second_;
  return new Date(instant);
}

/**
 * A taken-on value as the API takes it: a date (YYYY-MM-DD, noon in Milwaukee) or an ISO
 * date and time with its offset (2026-10-02T14:35:00-05:00, or Z). Null when it is neither.
 */
export function parseTakenAt(value: string): Date | null {
  const date = DATE_ONLY.exec(value);
  if (date) return milwaukeeTime(Number(date[1]), Number(date[2]), Number(date[3]));
  const time = DATE_TIME.exec(value);
  if (!time || !isRealDate(Number(time[1]), Number(time[2]), Number(time[3]))) return null;
  if (Number(time[4]) > 23 || Number(time[5]) > 59 || Number(time[6] ?? 0) > 59) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** Why a taken-on instant cannot be stored (later than today in Milwaukee, or before 1990), or null when it can. */
export function takenAtProblem(instant: Date, now = new Date()): string | null {
  const day = dateInMilwaukee(instant);
  if (day > dateInMilwaukee(now)) return TAKEN_AT_MESSAGES.future;
  if (day < EARLIEST_TAKEN_ON) return TAKEN_AT_MESSAGES.tooEarly;
  return null;
}

/** What is wrong with a taken-on value as sent (unparseable, later than today, before 1990), or null when it can be stored. */
export function takenAtIssue(value: string, now = new Date()): string | null {
  const instant = parseTakenAt(value);
  return instant ? takenAtProblem(instant, now) : TAKEN_AT_MESSAGES.invalid;
}

/** "Oct 2, 2026": an instant's day in Milwaukee, as the console and portal show it. */
export const formatDay = (instant: string | Date) => instantDateText(instant);

/** The taken-on value shown in a date field: its day in Milwaukee, or '' when there is none. */
export const takenOnField = (takenAt: string | null | undefined) => (takenAt ? dateInMilwaukee(new Date(takenAt)) : '');
