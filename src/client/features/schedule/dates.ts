import { addDays } from '../../../shared/local-dates';
import { COMPANY_TIME_ZONE } from '../../../shared/visits';

/** Local dates and times for the schedule's screens, always in the company's time zone (America/Chicago). */

const utcDate = (localDate: string) => {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

export const weekDays = (monday: string) => Array.from({ length: 7 }, (_, index) => addDays(monday, index));

const dayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });
const longDayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const shortDateFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: COMPANY_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Mon, Nov 23" */
export const formatDay = (localDate: string) => dayFormat.format(utcDate(localDate));
/** "Monday, November 23, 2026" */
export const formatLongDay = (localDate: string) => longDayFormat.format(utcDate(localDate));
/** "Nov 23" */
export const formatShortDate = (localDate: string) => shortDateFormat.format(utcDate(localDate));
/** "Nov 23 – Nov 29" */
export const formatWeek = (monday: string) => `${formatShortDate(monday)} – ${formatShortDate(addDays(monday, 6))}`;
/** "7:02 AM" in Milwaukee. */
export { timeOfDayText as formatTime } from '../../../shared/local-dates';
/** "Nov 23, 7:02 AM" in Milwaukee. */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

export { windowText as formatWindow } from '../../../shared/local-dates';

/** "38 m" or "2.0 km". */
export const formatDistance = (meters: number) => (meters < 1000 ? `${Math.round(meters)} m` : `${(meters / 1000).toFixed(1)} km`);

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: COMPANY_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Milwaukee's wall-clock time of an instant, as a datetime-local value ("2026-11-23T07:02"). */
export function toChicagoLocal(iso: string): string {
  const parts = Object.fromEntries(partsFormat.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The instant (ISO 8601, UTC) of a Milwaukee wall-clock time from a datetime-local field. */
export function fromChicagoLocal(local: string): string {
  const [date, time] = local.split('T') as [string, string];
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wanted = Date.UTC(y, mo - 1, d, h, mi);
  // Guess the instant as if the wall clock were UTC, then correct by the zone's offset there (twice, across a change).
  let instant = wanted;
  for (let i = 0; i < 2; i++) {
    const shown = toChicagoLocal(new Date(instant).toISOString());
    const [sd, st] = shown.split('T') as [string, string];
    const [sy, smo, sdd] = sd.split('-').map(Number) as [number, number, number];
    const [sh, smi] = st.split(':').map(Number) as [number, number];
    instant += wanted - Date.UTC(sy, smo - 1, sdd, sh, smi);
  }
  return new Date(instant).toISOString();
}
