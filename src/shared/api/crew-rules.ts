import type { CheckInLocationStatus, SiteIssueType } from '../visits';

/**
 * The crew's rules and wording that the phone needs without the contracts' zod schemas (the
 * crew bundle stays small): the contracts in ./crew.ts use the same functions and messages.
 */

export const ISSUE_TYPE_MESSAGE = 'Choose the kind of issue';
export const ISSUE_NOTE_MESSAGE = 'Say what the issue is in the note';

/** An issue of type "other" says what it is. */
export const issueNeedsNote = (type: SiteIssueType, note: string) => type === 'other' && note.trim() === '';

/** How a check-in's verdict reads on the phone. */
export function locationVerdict(location: CheckInLocationStatus | null, distanceMeters: number | null): string {
  if (location === 'verified') return 'Verified on site';
  if (location === 'away') return distanceMeters === null ? 'Away from the site' : `Away from the site (${formatDistance(distanceMeters)})`;
  return 'Location not verified';
}

/** 180 m, 1.9 km, 12 km. */
export function formatDistance(meters: number): string {
  if (meters < 1000) return `${Math.round(meters / 10) * 10} m`;
  if (meters < 10_000) return `${(meters / 1000).toFixed(1)} km`;
  return `${Math.round(meters / 1000)} km`;
}
