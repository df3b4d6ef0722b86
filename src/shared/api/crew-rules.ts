import { checkedBy } from '../standard-schema';
import { VISIT_NOTE_MAX, type CheckInLocationStatus, type SiteIssueType } from '../visits';

/**
 * The crew's rules and wording that the phone needs without the contracts' zod schemas (the
 * crew bundle stays small): the contracts in ./crew.ts use the same functions and messages.
 */

export const ISSUE_TYPE_MESSAGE = 'Choose the kind of issue';
export const ISSUE_NOTE_MESSAGE = 'Say what the issue is in the note';

/** An issue of type "other" says what it is. */
export const issueNeedsNote = (type: SiteIssueType, note: string) => type === 'other' && note.trim() === '';

/** The note's limit, as the contract says it. */
export const NOTE_TOO_LONG_MESSAGE = `The note must be at most ${VISIT_NOTE_MAX} characters`;

const noteTooLong = (note: string) => note.trim().length > VISIT_NOTE_MAX;

/** The phone's site-issue form: a kind, and a note (which an issue of type "other" needs). */
export interface SiteIssueForm {
  type: SiteIssueType | '';
  note: string;
}

/** The site-issue form's schema: the rules of the contract's `siteIssueSchema`, without zod. */
export const siteIssueFormSchema = checkedBy<SiteIssueForm, { type: SiteIssueType; note: string }>(({ type, note }) => {
  if (!type) return { errors: { type: ISSUE_TYPE_MESSAGE } };
  if (issueNeedsNote(type, note)) return { errors: { note: ISSUE_NOTE_MESSAGE } };
  if (noteTooLong(note)) return { errors: { note: NOTE_TOO_LONG_MESSAGE } };
  return { value: { type, note: note.trim() } };
});

/** The phone's Finish form: an optional note for the office, as the contract's `completeVisitSchema` takes it. */
export const completeVisitFormSchema = checkedBy<{ note: string }, { note: string }>(({ note }) =>
  noteTooLong(note) ? { errors: { note: NOTE_TOO_LONG_MESSAGE } } : { value: { note: note.trim() } },
);

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
