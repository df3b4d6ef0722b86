import { Link } from 'wouter';
import type { ScheduleVisit } from '../../../../shared/api/schedule';
import { NeedsCrewBadge, needsCrew } from '../../../components/needs-crew-badge';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { FlagBadges, isFlagged, StatusBadge } from './visit-badges';
import { windowText } from '../../../../shared/date-formats';

/**
 * One visit in the schedule: its property, window, state and flags; a flagged visit gets a heavier
 * frame and its reasons in words, and one still to do with nobody assigned says it needs a crew.
 */
export function VisitCard({
  visit,
  showCrew,
  onChange,
}: {
  visit: ScheduleVisit;
  showCrew: boolean;
  onChange?: (visit: ScheduleVisit) => void;
}) {
  const flagged = isFlagged(visit.flags);
  return (
    <article
      aria-label={`${visit.property.name}, ${windowText(visit.window)}`}
      data-flagged={flagged || undefined}
      className={cn(
        'rounded-xl border bg-white p-3 text-sm shadow-xs dark:bg-slate-900',
        flagged
          ? 'border-l-4 border-amber-500 border-l-amber-600 dark:border-amber-500 dark:border-l-amber-400'
          : 'border-slate-200 dark:border-slate-700',
        visit.status === 'skipped' && 'opacity-80',
      )}
    >
      <Link
        href={`/admin/visits/${visit.id}`}
        className="block font-semibold text-slate-900 hover:text-brand-700 hover:underline dark:text-white dark:hover:text-brand-300"
      >
        {visit.property.name}
      </Link>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {visit.property.city} · {windowText(visit.window)}
        {visit.kind === 'assessment' ? ' · property visit for an estimate' : visit.oneOff ? ' · one-off' : ''}
      </p>
      {/* A visit that needs a crew says so with its badge below. */}
      {showCrew && !needsCrew(visit) ? (
        <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
          {visit.crew.length ? visit.crew.map((member) => member.name).join(', ') : 'No crew assigned'}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-1">
        <StatusBadge status={visit.status} skipReason={visit.skipReason} />
        {needsCrew(visit) ? <NeedsCrewBadge /> : null}
      </div>
      {visit.status === 'skipped' && visit.skipNote ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{visit.skipNote}</p>
      ) : null}
      <FlagBadges flags={visit.flags} className="mt-2" />
      {onChange && visit.status !== 'completed' && visit.status !== 'skipped' ? (
        <button
          type="button"
          onClick={() => onChange(visit)}
          className={buttonClass({ variant: 'ghost', size: 'sm', className: 'mt-2 -ml-2' })}
        >
          Change<span className="sr-only"> the visit to {visit.property.name}</span>
        </button>
      ) : null}
    </article>
  );
}
