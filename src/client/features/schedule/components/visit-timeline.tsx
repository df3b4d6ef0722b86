import type { Person } from '../../../../shared/api/common';
import type { VisitEvent } from '../../../../shared/api/schedule';
import { SITE_ISSUE_TYPE_LABELS, SKIP_REASON_LABELS, type SiteIssueType, type SkipReason } from '../../../../shared/visits';
import { formatDistance } from '../dates';
import { instantShortDateTimeText, shortWeekdayDateText, timeOfDayText } from '../../../../shared/date-formats';

type Detail = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value : null);
const num = (value: unknown) => (typeof value === 'number' ? value : null);

const PHOTO_WORDS: Record<string, string> = {
  before: 'a before photo',
  after: 'an after photo',
  issue: 'a photo of a site issue',
  other: 'a photo',
};
/** The photo's kind: before, after, issue (the crew's phone) or other (staff). */
const photoWords = (detail: Detail) => PHOTO_WORDS[str(detail.kind) ?? ''] ?? 'a photo';
const FIELD_WORDS: Record<string, string> = { checkedInAt: 'check-in time', checkedOutAt: 'check-out time' };

function checkInWords(detail: Detail): string {
  const distance = num(detail.distanceMeters);
  switch (str(detail.location)) {
    case 'verified':
      return `Checked in, verified on site${distance !== null ? ` (${formatDistance(distance)} from the property)` : ''}`;
    case 'away':
      return `Checked in away from the site${distance !== null ? `: ${formatDistance(distance)} from the property` : ''}`;
    case 'not_verified':
      return 'Checked in, location not verified (the phone gave no position, or the property has no location yet)';
    default:
      return 'Checked in';
  }
}

function correctionWords(detail: Detail): string {
  const changes = Array.isArray(detail.changes) ? (detail.changes as Detail[]) : [];
  const parts = changes.map((change) => {
    const field = str(change.field);
    if (field === 'note') return 'note changed';
    if (field === 'checklist') return `“${str(change.label) ?? 'an item'}” marked ${change.done ? 'done' : 'not done'}`;
    if (field && FIELD_WORDS[field]) {
      const to = str(change.to);
      const from = str(change.from);
      if (!to) return `${FIELD_WORDS[field]} removed`;
      return `${FIELD_WORDS[field]} ${from ? `${timeOfDayText(from)} → ${timeOfDayText(to)}` : `set to ${instantShortDateTimeText(to)}`}`;
    }
    return 'the record';
  });
  return `Corrected the record: ${parts.join('; ') || 'details'}`;
}

/** What one timeline event says, in words for the office. */
export function eventWords(event: VisitEvent, names: Map<string, string>): string {
  const detail = event.detail;
  const crew = (value: unknown) =>
    Array.isArray(value) && value.length ? value.map((id) => names.get(String(id)) ?? 'a former crew member').join(' and ') : 'no one';
  switch (event.kind) {
    case 'created':
      return detail.assessment
        ? 'Free property visit scheduled for an estimate'
        : detail.oneOff
          ? 'One-off visit added'
          : 'Scheduled from the service plan';
    case 'checked_in':
      return checkInWords(detail);
    case 'checklist_item': {
      const label = str(detail.label);
      const undone = detail.done === false;
      return label ? `“${label}” ${undone ? 'unticked' : 'done'}` : `Checklist item ${undone ? 'unticked' : 'done'}`;
    }
    case 'photo_added':
      return `Added ${photoWords(detail)}`;
    case 'photo_removed':
      return `Removed ${photoWords(detail)}`;
    case 'issue_reported': {
      const type = str(detail.type) as SiteIssueType | null;
      return `Reported a site issue${type && SITE_ISSUE_TYPE_LABELS[type] ? `: ${SITE_ISSUE_TYPE_LABELS[type]}` : ''}`;
    }
    case 'checked_out':
      return detail.withNote ? 'Checked out, with a note' : 'Checked out';
    case 'skipped': {
      const reason = str(detail.reason) as SkipReason | null;
      return `Skipped${reason && SKIP_REASON_LABELS[reason] ? `: ${SKIP_REASON_LABELS[reason].toLowerCase()}` : ''}`;
    }
    case 'moved':
      return `Moved from ${str(detail.from) ? shortWeekdayDateText(str(detail.from)!) : 'its day'} to ${str(detail.to) ? shortWeekdayDateText(str(detail.to)!) : 'another day'}`;
    case 'reassigned':
      return `Reassigned from ${crew(detail.from)} to ${crew(detail.to)}`;
    case 'missed':
      return 'Marked missed: not completed by the end of its day';
    case 'corrected':
      return correctionWords(detail);
  }
}

/** The visit's timeline, oldest first: what happened, who did it and when. */
export function VisitTimeline({ events, crew }: { events: VisitEvent[]; crew: Person[] }) {
  const names = new Map(crew.map((member) => [member.id, member.name]));
  if (events.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">Nothing has happened on this visit yet.</p>;
  return (
    <ol className="relative grid gap-4 border-l-2 border-slate-200 pl-5 dark:border-slate-700">
      {events.map((event) => (
        <li key={event.id} data-kind={event.kind} className="relative">
          <span
            aria-hidden="true"
            className={`absolute top-1.5 -left-[1.7rem] size-3 rounded-full ring-4 ring-white dark:ring-slate-900 ${
              event.kind === 'corrected' ? 'bg-amber-500' : event.kind === 'missed' ? 'bg-red-500' : 'bg-brand-600 dark:bg-brand-400'
            }`}
          />
          <p className="text-sm font-medium text-slate-900 dark:text-white">{eventWords(event, names)}</p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            <time dateTime={event.at}>{instantShortDateTimeText(event.at)}</time> · {event.actor ? event.actor.name : 'Automatically'}
          </p>
        </li>
      ))}
    </ol>
  );
}
