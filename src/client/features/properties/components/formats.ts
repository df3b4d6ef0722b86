import type { LocationSource } from '../../../../shared/visits';

export const LOCATION_SOURCE_LABELS: Record<LocationSource, string> = {
  typed: 'Typed in by staff',
  device: 'Read from a device on the site',
  'check-in': 'From a crew check-in, confirmed by staff',
};

/** Coordinates as people read them: five decimals (about a metre). */
export const formatPoint = (point: { lat: number; lng: number }) => `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`;

/** A distance as "180 m" or "2.1 km". */
export const formatDistance = (meters: number) => (meters < 1000 ? `${Math.round(meters)} m` : `${(meters / 1000).toFixed(1)} km`);
