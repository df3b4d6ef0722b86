import { UserX } from 'lucide-react';
import { cn } from '../lib/cn';

/**
 * A visit, or the first visit of a new agreement, that nobody is assigned to: in words with an
 * icon (colour is never the only cue), on the schedule board and wherever the office plans work.
 */
export function NeedsCrewBadge({ className }: { className?: string }) {
  return (
    <span
      data-needs-crew
      className={cn(
        'inline-flex items-center gap-1 rounded-md bg-orange-50 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-orange-900 ring-1 ring-orange-400 ring-inset dark:bg-orange-950 dark:text-orange-100 dark:ring-orange-600',
        className,
      )}
    >
      <UserX className="size-3.5" aria-hidden="true" />
      Needs a crew
    </span>
  );
}

/** Whether a visit still to do has nobody assigned to it. */
export const needsCrew = (visit: { status: string; crew: readonly unknown[] }) =>
  visit.crew.length === 0 && (visit.status === 'scheduled' || visit.status === 'in_progress');
