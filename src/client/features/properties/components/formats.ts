import type { LocationSource } from '../../../../shared/visits';

const dayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });
const longDayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
const noon = (localDate: string) => new Date(`${localDate}T12:00:00Z`);

/** A local date (YYYY-MM-DD) as "Mon, Mar 2": read as a calendar day, never through a time zone. */
export const formatDay = (localDate: string) => dayFormat.format(noon(localDate));
/** A local date as "Mar 2, 2026". */
export const formatLongDay = (localDate: string) => longDayFormat.format(noon(localDate));

export { clockText as formatTime, windowText as formatWindow } from '../../../../shared/local-dates';

export const LOCATION_SOURCE_LABELS: Record<LocationSource, string> = {
  typed: 'Typed in by staff',
  device: 'Read from a device on the site',
  'check-in': 'From a crew check-in, confirmed by staff',
};

/** Coordinates as people read them: five decimals (about a metre). */
export const formatPoint = (point: { lat: number; lng: number }) => `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`;

/** A distance as "180 m" or "2.1 km". */
export const formatDistance = (meters: number) => (meters < 1000 ? `${Math.round(meters)} m` : `${(meters / 1000).toFixed(1)} km`);
