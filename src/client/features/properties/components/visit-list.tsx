import { AlertTriangle, Camera, MapPinOff } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { PropertyVisit } from '../../../../shared/api/plans';
import { SKIP_REASON_LABELS, VISIT_STATUS_LABELS, type VisitStatus } from '../../../../shared/visits';
import { buttonClass } from '../../../components/ui/button';
import { formatDistance } from './formats';
import { shortWeekdayDateText, windowText } from '../../../../shared/date-formats';

const STATUS_STYLES: Record<VisitStatus, string> = {
  scheduled: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  in_progress: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  completed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  skipped: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  missed: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100',
};

const flagClass = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold';

/** What staff should look at on a visit: checked in away from the lot, not verified, site issues. */
function Flags({ visit }: { visit: PropertyVisit }) {
  const flags = [];
  if (visit.checkInLocationStatus === 'away')
    flags.push(
      <span key="away" className={`${flagClass} bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100`}>
        <MapPinOff className="size-3.5" aria-hidden="true" />
        Checked in {visit.checkInDistanceMeters !== null ? formatDistance(visit.checkInDistanceMeters) : ''} away
      </span>,
    );
  if (visit.checkInLocationStatus === 'not_verified')
    flags.push(
      <span key="unverified" className={`${flagClass} bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100`}>
        <MapPinOff className="size-3.5" aria-hidden="true" />
        Location not verified
      </span>,
    );
  if (visit.issueCount)
    flags.push(
      <span key="issues" className={`${flagClass} bg-orange-100 text-orange-900 dark:bg-orange-900/60 dark:text-orange-100`}>
        <AlertTriangle className="size-3.5" aria-hidden="true" />
        {visit.issueCount === 1 ? '1 site issue' : `${visit.issueCount} site issues`}
      </span>,
    );
  if (visit.photoCount)
    flags.push(
      <span key="photos" className={`${flagClass} bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100`}>
        <Camera className="size-3.5" aria-hidden="true" />
        {visit.photoCount === 1 ? '1 photo' : `${visit.photoCount} photos`}
      </span>,
    );
  return flags.length ? <div className="flex flex-wrap gap-1.5">{flags}</div> : null;
}

function VisitRow({ visit }: { visit: PropertyVisit }) {
  return (
    <li className="grid gap-1 py-3 sm:grid-cols-[9rem_minmax(0,1fr)_auto] sm:items-start sm:gap-4">
      <div>
        <Link href={`/admin/visits/${visit.id}`} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
          {shortWeekdayDateText(visit.scheduledDate)}
        </Link>
        <div className="text-sm text-slate-600 dark:text-slate-400">{windowText(visit.window)}</div>
      </div>
      <div className="min-w-0 text-sm">
        <div className="text-slate-900 dark:text-white">
          {visit.planName ?? 'One-off visit'}
          {visit.customized ? <span className="text-slate-600 dark:text-slate-400"> · changed by staff</span> : null}
        </div>
        <div className="text-slate-600 dark:text-slate-400">
          {visit.crew.length ? visit.crew.map((member) => member.name).join(', ') : 'No crew assigned'}
        </div>
        {visit.status === 'skipped' && visit.skipReason ? (
          <div className="text-slate-700 dark:text-slate-300">
            Skipped: {SKIP_REASON_LABELS[visit.skipReason]}
            {visit.skipNote ? ` (${visit.skipNote})` : ''}
          </div>
        ) : null}
        <div className="mt-1">
          <Flags visit={visit} />
        </div>
      </div>
      <div className="sm:text-right">
        <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[visit.status]}`}>
          {VISIT_STATUS_LABELS[visit.status]}
        </span>
      </div>
    </li>
  );
}

/** How many visits a list shows before "Show all". */
const FIRST_VISITS = 8;

/** A list of visits under a heading, or a sentence when there are none. */
export function VisitList({ id, title, visits, empty }: { id: string; title: string; visits: PropertyVisit[]; empty: string }) {
  const [all, setAll] = useState(false);
  const shown = all ? visits : visits.slice(0, FIRST_VISITS);
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="font-semibold text-slate-900 dark:text-white">
        {title}
      </h3>
      {visits.length ? (
        <ul className="mt-1 divide-y divide-slate-200 dark:divide-slate-800">
          {shown.map((visit) => (
            <VisitRow key={visit.id} visit={visit} />
          ))}
        </ul>
      ) : null}
      {visits.length > shown.length ? (
        <button type="button" onClick={() => setAll(true)} className={buttonClass({ variant: 'secondary', size: 'sm', className: 'mt-2' })}>
          Show all {visits.length} visits
        </button>
      ) : null}
      {visits.length ? null : <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{empty}</p>}
    </section>
  );
}
