const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Chicago' });

/** "Oct 2, 2026, 9:15 AM", in the company's time zone. */
export const formatSubmitted = (iso: string) => dateTime.format(new Date(iso));

const sameYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/Chicago',
});
const otherYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'America/Chicago' });
const yearOf = (date: Date) => new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'America/Chicago' }).format(date);

/** A short time for the compact list: "Nov 21, 9:15 AM" this year, "Nov 21, 2025" before it (Central time). */
export function formatReceived(iso: string, now = new Date()) {
  const date = new Date(iso);
  return yearOf(date) === yearOf(now) ? sameYear.format(date) : otherYear.format(date);
}

/** "9:15 AM", Central time: when the list was last read. */
export { timeOfDayText as formatClock } from '../../../shared/local-dates';

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A wait in words: "45 minutes", "5 hours", "1 day 3 hours", "12 days". */
export function formatWait(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (hours < 1) return plural(minutes, 'minute');
  if (days < 1) return plural(hours, 'hour');
  if (days >= 7 || hours % 24 === 0) return plural(days, 'day');
  return `${plural(days, 'day')} ${plural(hours % 24, 'hour')}`;
}
