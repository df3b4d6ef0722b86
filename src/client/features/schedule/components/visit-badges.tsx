import { CalendarX, MapPinOff, ShieldQuestion, TriangleAlert } from 'lucide-react';
import type { ScheduleVisit, VisitFlags } from '../../../../shared/api/schedule';
import { SKIP_REASON_LABELS, VISIT_STATUS_LABELS, type VisitStatus } from '../../../../shared/visits';
import { cn } from '../../../lib/cn';
import { formatDistance } from '../dates';

const statusStyles: Record<VisitStatus, string> = {
  scheduled: 'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
  in_progress: 'bg-sky-100 text-sky-900 ring-sky-300 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-700',
  completed: 'bg-emerald-100 text-emerald-900 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-700',
  skipped: 'bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-600',
  missed: 'bg-red-100 text-red-900 ring-red-300 dark:bg-red-950 dark:text-red-200 dark:ring-red-700',
};

/** A visit's state in words (with the skip reason), coloured as a second cue only. */
export function StatusBadge({ status, skipReason }: { status: VisitStatus; skipReason?: ScheduleVisit['skipReason'] }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', statusStyles[status])}>
      {VISIT_STATUS_LABELS[status]}
      {status === 'skipped' && skipReason ? `: ${SKIP_REASON_LABELS[skipReason].toLowerCase()}` : ''}
    </span>
  );
}

/** Whether a visit needs a look from the office. */
export const isFlagged = (flags: VisitFlags) => flags.away || flags.notVerified || flags.siteIssues > 0 || flags.missed;

const flagClass =
  'inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-semibold ring-1 ring-inset bg-amber-50 text-amber-900 ring-amber-400 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-600';
const alarmClass =
  'inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-semibold ring-1 ring-inset bg-red-50 text-red-900 ring-red-400 dark:bg-red-950 dark:text-red-100 dark:ring-red-600';

/** What makes a visit stand out, each in words with an icon: colour is never the only cue. */
export function FlagBadges({ flags, className }: { flags: VisitFlags; className?: string }) {
  if (!isFlagged(flags)) return null;
  return (
    <ul className={cn('flex flex-wrap gap-1', className)} aria-label="Needs attention">
      {flags.missed ? (
        <li className={alarmClass}>
          <CalendarX className="size-3.5" aria-hidden="true" />
          Missed
        </li>
      ) : null}
      {flags.away ? (
        <li className={alarmClass}>
          <MapPinOff className="size-3.5" aria-hidden="true" />
          Away from the site{flags.distanceMeters !== null ? ` (${formatDistance(flags.distanceMeters)})` : ''}
        </li>
      ) : null}
      {flags.notVerified ? (
        <li className={flagClass}>
          <ShieldQuestion className="size-3.5" aria-hidden="true" />
          Location not verified
        </li>
      ) : null}
      {flags.siteIssues > 0 ? (
        <li className={flagClass}>
          <TriangleAlert className="size-3.5" aria-hidden="true" />
          {flags.siteIssues === 1 ? '1 site issue' : `${flags.siteIssues} site issues`}
        </li>
      ) : null}
    </ul>
  );
}
