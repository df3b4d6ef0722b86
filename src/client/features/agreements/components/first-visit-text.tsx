import { Link } from 'wouter';
import type { FirstVisit } from '../../../../shared/api/agreements';
import { fullDateText } from '../../../../shared/date-formats';
import { VISIT_STATUS_LABELS } from '../../../../shared/visits';
import { NeedsCrewBadge, needsCrew } from '../../../components/needs-crew-badge';

/** A property's first visit: its day (linked to the visit, where the office assigns a crew), where it is, and its crew or the want of one. */
export function FirstVisitText({ visit }: { visit: FirstVisit | null }) {
  if (!visit) return <span className="text-slate-600 dark:text-slate-400">None due: this property’s work is done as needed.</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <Link href={`/admin/visits/${visit.id}`} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
        {fullDateText(visit.date)}
      </Link>
      {visit.status === 'scheduled' ? null : <span>({VISIT_STATUS_LABELS[visit.status].toLowerCase()})</span>}
      {needsCrew(visit) ? (
        <NeedsCrewBadge />
      ) : visit.crew.length ? (
        <span className="text-slate-700 dark:text-slate-300">Crew: {visit.crew.map((member) => member.name).join(', ')}</span>
      ) : null}
    </span>
  );
}
