import { ArrowLeft, Clock, LocateFixed, MapPin, Navigation, ShieldCheck, ShieldAlert, StickyNote, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { CrewVisit, PositionError } from '../../../../shared/api/crew';
import { locationVerdict } from '../../../../shared/api/crew-rules';
import { buttonClass } from '../../../components/ui/button';
import { dismissFailed, enqueue } from '../api/outbox';
import { useLocalVisit, type LocalVisit } from '../hooks/use-local-visit';
import { ChecklistSection } from './checklist-section';
import { CompleteSection } from './complete-section';
import { IssuesSection } from './issues-section';
import { PhotoSection } from './photo-section';
import { AssessmentLabel, StatusBadge } from './status-badge';
import { timeOfDayText, weekdayDateText, windowText } from './format';

/** One visit, worked through from top to bottom: start, before photos, checklist, issues, after photos, finish. */
export function VisitScreen({ visit: serverVisit, fenceMeters, today }: { visit: CrewVisit; fenceMeters: number; today: string }) {
  const visit = useLocalVisit(serverVisit, fenceMeters)!;
  const started = visit.checkIn !== null;
  const readOnly = visit.status === 'completed' || visit.status === 'skipped';
  return (
    <div className="mx-auto max-w-xl px-4 pb-20 pt-4">
      <Link
        href="/crew"
        className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-base font-bold text-brand-800 dark:text-brand-200"
      >
        <ArrowLeft className="size-5 shrink-0" aria-hidden="true" />
        Today’s route
      </Link>
      <div className="mt-2 flex items-center justify-between gap-3">
        <span className="inline-flex items-center gap-1.5 text-base font-bold text-slate-900 dark:text-slate-100">
          <Clock className="size-5 shrink-0" aria-hidden="true" />
          {visit.scheduledDate === today ? windowText(visit.window) : weekdayDateText(visit.scheduledDate)}
        </span>
        <StatusBadge status={visit.status} />
      </div>
      <AssessmentLabel kind={visit.kind} />
      <h1 className="mt-2 text-3xl font-extrabold leading-tight text-slate-950 dark:text-white">{visit.property.name}</h1>
      <p className="mt-1 flex items-start gap-1.5 text-lg text-slate-800 dark:text-slate-200">
        <MapPin className="mt-1 size-5 shrink-0" aria-hidden="true" />
        <span>
          {visit.property.address}, {visit.property.city}, {visit.property.state} {visit.property.zipCode}
        </span>
      </p>
      <a
        href={visit.property.mapsLink}
        target="_blank"
        rel="noreferrer"
        className={buttonClass({ variant: 'secondary', size: 'lg', className: 'mt-3 min-h-14 w-full text-base' })}
      >
        <Navigation className="size-5 shrink-0" aria-hidden="true" />
        Directions<span className="sr-only"> (opens your maps app)</span>
      </a>
      {visit.instructions ? (
        <div className="mt-4 rounded-xl border-2 border-amber-400 bg-amber-50 p-3 dark:border-amber-600 dark:bg-amber-950">
          <p className="flex items-center gap-1.5 text-base font-bold text-amber-950 dark:text-amber-50">
            <StickyNote className="size-5 shrink-0" aria-hidden="true" />
            Instructions
          </p>
          <p className="mt-1 whitespace-pre-line text-lg text-slate-950 dark:text-white">{visit.instructions}</p>
        </div>
      ) : null}

      <Refused visit={visit} />

      <div className="mt-5 space-y-4">
        {visit.status === 'skipped' ? (
          <p className="rounded-2xl border border-slate-300 bg-white p-4 text-lg text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
            The office skipped this visit. There is nothing to record; call the office if you think it should be done.
          </p>
        ) : (
          <CheckInPanel visit={visit} />
        )}
        {started ? (
          <>
            <PhotoSection
              visit={visit}
              kind="before"
              title="Before photos"
              hint="Photograph the lot before you start: the worst corners, the dumpster corral, the entrances."
              readOnly={readOnly}
            />
            <ChecklistSection visit={visit} readOnly={readOnly} />
            <IssuesSection visit={visit} readOnly={readOnly} />
            <PhotoSection
              visit={visit}
              kind="after"
              title="After photos"
              hint="Take the same views again once the work is done."
              readOnly={readOnly}
            />
            <CompleteSection visit={visit} />
          </>
        ) : null}
      </div>
    </div>
  );
}

const verdictStyles = {
  verified: {
    icon: ShieldCheck,
    className: 'border-emerald-600 bg-emerald-50 text-emerald-950 dark:border-emerald-500 dark:bg-emerald-950 dark:text-emerald-50',
  },
  away: {
    icon: ShieldAlert,
    className: 'border-amber-500 bg-amber-50 text-amber-950 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-50',
  },
  not_verified: {
    icon: MapPin,
    className: 'border-slate-400 bg-slate-50 text-slate-950 dark:border-slate-500 dark:bg-slate-800 dark:text-white',
  },
};

/** Where the phone is, or why it cannot say: geolocation with a time limit, so a phone with no fix still starts the visit. */
function currentPosition(): Promise<{ position: { lat: number; lng: number; accuracy: number } | null; positionError?: PositionError }> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) return resolve({ position: null, positionError: 'unavailable' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ position: { lat: coords.latitude, lng: coords.longitude, accuracy: coords.accuracy } }),
      (error) =>
        resolve({
          position: null,
          positionError: error.code === error.PERMISSION_DENIED ? 'denied' : error.code === error.TIMEOUT ? 'timeout' : 'unavailable',
        }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}

function CheckInPanel({ visit }: { visit: LocalVisit }) {
  const [locating, setLocating] = useState(false);
  if (visit.checkIn) {
    const { icon: Icon, className } = verdictStyles[visit.checkIn.location ?? 'not_verified'];
    return (
      <section aria-label="Check-in" className={`rounded-2xl border-2 p-4 ${className}`}>
        <p className="flex items-center gap-2 text-xl font-bold">
          <Icon className="size-7 shrink-0" aria-hidden="true" />
          {locationVerdict(visit.checkIn.location, visit.checkIn.distanceMeters)}
        </p>
        <p className="mt-1 text-base">
          Checked in at {timeOfDayText(visit.checkIn.at)}
          {visit.checkIn.waiting ? ' · saved on this phone' : ''}
        </p>
        {visit.checkIn.location === 'away' ? (
          <p className="mt-1 text-base">The office will see the distance. Carry on if you are at the right lot.</p>
        ) : visit.checkIn.location === 'not_verified' ? (
          <p className="mt-1 text-base">Carry on with the visit; your photos show the work.</p>
        ) : null}
      </section>
    );
  }
  const start = async () => {
    setLocating(true);
    // The check-in time is when the button was pressed, not when the location came back.
    const at = new Date().toISOString();
    const located = await currentPosition();
    await enqueue({ type: 'start', visitId: visit.id, at, ...located });
    setLocating(false);
  };
  return (
    <section aria-label="Check-in" className="rounded-2xl border border-slate-300 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <button
        type="button"
        disabled={locating}
        onClick={() => void start()}
        className={buttonClass({ size: 'lg', className: 'min-h-16 w-full text-xl' })}
      >
        <LocateFixed className="size-6 shrink-0" aria-hidden="true" />
        {locating ? 'Finding your location…' : 'Start visit'}
      </button>
      <p className="mt-2 text-base text-slate-700 dark:text-slate-300">
        Records your arrival time and checks that you are at the lot. If the phone cannot find you, you can still work.
      </p>
    </section>
  );
}

/** Items the server would not take (the visit was skipped meanwhile, say), with why; the crew dismisses them once read. */
function Refused({ visit }: { visit: LocalVisit }) {
  if (!visit.refused.length) return null;
  const what = { start: 'Start', checklist: 'Checklist tick', issue: 'Site issue', photo: 'Photo', complete: 'Completion' } as const;
  return (
    <section aria-label="Not sent" className="mt-4 rounded-2xl border-2 border-red-500 bg-red-50 p-3 dark:border-red-500 dark:bg-red-950">
      <h2 className="text-lg font-bold text-red-950 dark:text-red-50">Could not be recorded</h2>
      <ul className="mt-2 space-y-2">
        {visit.refused.map((item) => (
          <li key={item.key} className="flex items-start gap-2">
            <p className="flex-1 text-base text-slate-950 dark:text-white">
              <strong>{what[item.type]}:</strong> {item.failed}
            </p>
            <button
              type="button"
              onClick={() => void dismissFailed(item.key)}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-red-900 hover:bg-red-100 dark:text-red-100 dark:hover:bg-red-900"
            >
              <X className="size-5 shrink-0" aria-hidden="true" />
              <span className="sr-only">Dismiss</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
