import { Clock, MapPin, Navigation, StickyNote } from 'lucide-react';
import { Link } from 'wouter';
import type { CrewRoute, CrewVisit } from '../../../../shared/api/crew';
import { buttonClass } from '../../../components/ui/button';
import { useLocalVisit, visitsLeft } from '../hooks/use-local-visit';
import { useOutbox } from '../hooks/use-outbox';
import { plural } from './format';
import { AssessmentLabel, StatusBadge } from './status-badge';
import { shortWeekdayDateText, weekdayDateText, windowText } from './format';

/** Today's route: the crew member's visits in the order to do them, and the last week's below. */
export function RouteScreen({ route, offline }: { route: CrewRoute; offline: boolean }) {
  // Counted as the cards show them: with the work still on the phone, so the count is right without signal.
  const left = visitsLeft(route.visits, useOutbox().items);
  return (
    <div className="mx-auto max-w-xl px-4 pb-16 pt-6">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-950 dark:text-white">Today’s route</h1>
      <p className="mt-1 text-lg text-slate-700 dark:text-slate-300">
        {weekdayDateText(route.today)} · {route.visits.length ? `${plural(route.visits.length, 'visit')}, ${left} to go` : 'no visits'}
      </p>
      {offline ? (
        <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          No signal: this is the route as it was last loaded on this phone.
        </p>
      ) : null}
      {route.visits.length ? (
        <ol className="mt-6 space-y-4">
          {route.visits.map((visit, index) => (
            <li key={visit.id}>
              <VisitCard visit={visit} number={index + 1} fenceMeters={route.fenceMeters} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-8 rounded-2xl border border-slate-300 bg-white p-6 text-center text-lg text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
          No visits are assigned to you today.
        </p>
      )}
      {route.recent.length ? (
        <section aria-labelledby="recent-heading" className="mt-10">
          <h2 id="recent-heading" className="text-xl font-bold text-slate-950 dark:text-white">
            Last 7 days
          </h2>
          <ul className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-300 bg-white dark:divide-slate-800 dark:border-slate-700 dark:bg-slate-900">
            {route.recent.map((visit) => (
              <li key={visit.id}>
                <Link
                  href={`/crew?visit=${visit.id}`}
                  className="flex min-h-14 items-center justify-between gap-3 px-4 py-3 hover:bg-slate-50 dark:hover:bg-slate-800"
                >
                  <span className="min-w-0">
                    <span className="block truncate font-semibold text-slate-950 dark:text-white">{visit.property.name}</span>
                    <span className="block text-sm text-slate-700 dark:text-slate-300">{shortWeekdayDateText(visit.scheduledDate)}</span>
                  </span>
                  <StatusBadge status={visit.status} className="shrink-0" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function VisitCard({ visit: serverVisit, number, fenceMeters }: { visit: CrewVisit; number: number; fenceMeters: number }) {
  const visit = useLocalVisit(serverVisit, fenceMeters)!;
  const done = visit.checklist.filter((item) => item.doneAt).length;
  const headingId = `visit-${visit.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border-2 border-slate-300 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between gap-3">
        <span className="inline-flex items-center gap-1.5 text-base font-bold text-slate-900 dark:text-slate-100">
          <Clock className="size-5 shrink-0" aria-hidden="true" />
          {windowText(visit.window)}
        </span>
        <StatusBadge status={visit.status} />
      </div>
      <AssessmentLabel kind={visit.kind} />
      <h2 id={headingId} className="mt-3 text-2xl font-extrabold leading-tight text-slate-950 dark:text-white">
        <span className="sr-only">Stop {number}: </span>
        {visit.property.name}
      </h2>
      <p className="mt-1 flex items-start gap-1.5 text-base text-slate-800 dark:text-slate-200">
        <MapPin className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <span>
          {visit.property.address}, {visit.property.city}
        </span>
      </p>
      {visit.instructions ? (
        <p className="mt-3 flex items-start gap-1.5 rounded-lg bg-amber-50 px-3 py-2 text-base text-amber-950 dark:bg-amber-950 dark:text-amber-50">
          <StickyNote className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <span>{visit.instructions}</span>
        </p>
      ) : null}
      {visit.status === 'in_progress' && visit.checklist.length ? (
        <p className="mt-3 text-base font-semibold text-slate-800 dark:text-slate-200">
          Checklist: {done} of {visit.checklist.length} done
        </p>
      ) : null}
      <div className="mt-4 grid grid-cols-2 gap-3">
        <a
          href={visit.property.mapsLink}
          target="_blank"
          rel="noreferrer"
          className={buttonClass({ variant: 'secondary', size: 'lg', className: 'min-h-14 w-full text-base' })}
        >
          <Navigation className="size-5 shrink-0" aria-hidden="true" />
          Directions
          <span className="sr-only"> to {visit.property.name} (opens your maps app)</span>
        </a>
        <Link href={`/crew?visit=${visit.id}`} className={buttonClass({ size: 'lg', className: 'min-h-14 w-full text-base' })}>
          {visit.status === 'scheduled' || visit.status === 'missed' ? 'Open visit' : visit.status === 'in_progress' ? 'Continue' : 'View'}
          <span className="sr-only"> at {visit.property.name}</span>
        </Link>
      </div>
    </article>
  );
}
