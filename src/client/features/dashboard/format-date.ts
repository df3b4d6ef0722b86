const format = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'America/Chicago' });

/** "Oct 2, 2026", in the company's time zone. */
export function formatUploadDate(iso: string): string {
  return format.format(new Date(iso));
}

/** "7:05 AM", in the company's time zone. */
export { timeOfDayText as formatTimeOfDay } from '../../../shared/local-dates';
