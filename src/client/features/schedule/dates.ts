import { toChicagoLocal } from '../../../shared/date-formats';
import { addDays } from '../../../shared/local-dates';

/** The schedule's weeks, distances, and datetime-local values in the company's time zone (America/Chicago); dates are shown with shared/date-formats. */

export const weekDays = (monday: string) => Array.from({ length: 7 }, (_, index) => addDays(monday, index));

/** "38 m" or "2.0 km". */
export const formatDistance = (meters: number) => (meters < 1000 ? `${Math.round(meters)} m` : `${(meters / 1000).toFixed(1)} km`);

export { toChicagoLocal };

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
