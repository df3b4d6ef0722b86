import { BadgeCheck, CircleCheck, CircleDashed, TriangleAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { PortalVisit } from '../../../../shared/api/visit-history';
import type { PropertyPhoto } from '../../../../shared/api/properties';
import { cn } from '../../../lib/cn';
import { dashboardPaths } from '../dashboard-view';
import { PhotoDialog } from './photo-dialog';
import { PhotoTypeBadge } from './photo-type-badge';
import { fullDateText, minutesText, timeOfDayText, windowText } from '../../../../shared/date-formats';
import { cardClass } from '../../../components/ui/card';

/** What a customer reads for each state: a missed visit is said plainly, with what happens next. */
const STATUS_TEXT: Record<PortalVisit['status'], string> = {
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
  skipped: 'Skipped',
  missed: 'Not completed - we will contact you',
};

const STATUS_STYLE: Record<PortalVisit['status'], string> = {
  scheduled: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  in_progress: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  completed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  skipped: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  missed: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100',
};

/** The one thumbnail of a kind, whole in its box, or a quiet note that there is none. */
function Thumb({
  photo,
  label,
  extra,
  onOpen,
}: {
  photo?: PropertyPhoto;
  label: string;
  extra: number;
  onOpen: (photo: PropertyPhoto) => void;
}) {
  if (!photo)
    return (
      <div className="flex aspect-[4/3] items-center justify-center rounded-xl border border-dashed border-slate-300 text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
        No {label.toLowerCase()} photo
      </div>
    );
  return (
    <button
      type="button"
      onClick={() => onOpen(photo)}
      aria-label={`Open the ${label.toLowerCase()} photo larger`}
      className="group relative block overflow-hidden rounded-xl"
    >
      <img
        src={photo.imageUrl}
        srcSet={photo.srcSet}
        sizes="(min-width: 768px) 330px, 50vw"
        alt={`${label} photo${photo.caption ? `: ${photo.caption}` : ''}`}
        width={photo.width}
        height={photo.height}
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] w-full bg-slate-100 object-contain transition-transform group-hover:scale-[1.02] dark:bg-slate-800"
      />
      <PhotoTypeBadge type={photo.photoType} className="absolute left-2 top-2 shadow" />
      {extra > 0 ? (
        <span className="absolute bottom-2 right-2 rounded-full bg-slate-950/75 px-2 py-0.5 text-xs font-semibold text-white">
          +{extra} more
        </span>
      ) : null}
    </button>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 font-medium text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

/**
 * One visit as proof of service: the day and its state, when the crew arrived and left, who
 * came, the checklist, the lot before and after side by side, and what they found. "Verified
 * on site" when the check-in was within the property's fence; never coordinates.
 */
export function VisitRecord({
  visit,
  headingLevel = 3,
  linkToVisit = true,
}: {
  visit: PortalVisit;
  headingLevel?: 2 | 3;
  linkToVisit?: boolean;
}) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const viewable = [...visit.photos.before, ...visit.photos.after, ...visit.issues.flatMap((issue) => issue.photos)];
  const open = (photo: PropertyPhoto) => setOpenIndex(viewable.findIndex((candidate) => candidate.id === photo.id));
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const day = fullDateText(visit.scheduledDate);
  const worked = visit.status === 'completed' || visit.status === 'in_progress';
  const done = visit.checklist.filter((item) => item.done).length;

  return (
    <article aria-labelledby={`visit-${visit.id}`} className={cardClass({ padding: 'p-4 sm:p-6' })}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Heading id={`visit-${visit.id}`} className="text-lg font-semibold text-slate-900 dark:text-white">
            {linkToVisit ? (
              <Link
                href={dashboardPaths.visit(visit.propertyId, visit.id)}
                className="hover:text-brand-700 hover:underline dark:hover:text-brand-300"
              >
                {day}
              </Link>
            ) : (
              day
            )}
          </Heading>
          <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
            {visit.window ? `Planned ${windowText(visit.window)}` : 'Anytime visit'}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {visit.verifiedOnSite ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 dark:bg-brand-950 dark:text-brand-200 dark:ring-brand-800">
              <BadgeCheck className="size-4" aria-hidden="true" />
              Verified on site
            </span>
          ) : null}
          <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', STATUS_STYLE[visit.status])}>
            {STATUS_TEXT[visit.status]}
            {visit.status === 'skipped' && visit.skipReason ? `: ${visit.skipReason}` : ''}
          </span>
        </div>
      </header>

      {worked ? (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Fact label="Arrived">{visit.arrivedAt ? timeOfDayText(visit.arrivedAt) : '—'}</Fact>
            <Fact label="Left">{visit.departedAt ? timeOfDayText(visit.departedAt) : 'Still on site'}</Fact>
            <Fact label="Time on site">{visit.durationMinutes !== null ? minutesText(visit.durationMinutes) : '—'}</Fact>
            <Fact label="Crew">{visit.crew.length ? visit.crew.join(', ') : '—'}</Fact>
          </dl>

          <div className="mt-5 grid max-w-2xl grid-cols-2 gap-3 sm:gap-4">
            <Thumb photo={visit.photos.before[0]} label="Before" extra={visit.photos.before.length - 1} onOpen={open} />
            <Thumb photo={visit.photos.after[0]} label="After" extra={visit.photos.after.length - 1} onOpen={open} />
          </div>

          {visit.checklist.length ? (
            <div className="mt-5">
              <h4 className="text-sm font-semibold text-slate-900 dark:text-white">
                Checklist · {done} of {visit.checklist.length} done
              </h4>
              <ul className="mt-2 grid gap-1.5 sm:grid-cols-2">
                {visit.checklist.map((item) => (
                  <li key={item.label} className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300">
                    {item.done ? (
                      <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
                    ) : (
                      <CircleDashed className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
                    )}
                    <span>
                      {item.label}
                      <span className="sr-only">{item.done ? ': done' : ': not done'}</span>
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      ) : visit.status === 'missed' ? (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          Our crew did not complete this visit. We are sorry: the office will call you to arrange it.
        </p>
      ) : null}

      {visit.issues.length ? (
        <div className="mt-5">
          <h4 className="text-sm font-semibold text-slate-900 dark:text-white">What the crew found</h4>
          <ul className="mt-2 space-y-2">
            {visit.issues.map((issue) => (
              <li key={issue.id} className="rounded-xl border border-amber-200 bg-amber-50 p-3 dark:border-amber-900 dark:bg-amber-950/40">
                <p className="flex items-center gap-2 text-sm font-semibold text-amber-900 dark:text-amber-100">
                  <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
                  {issue.label}
                  <span className="font-normal text-amber-800 dark:text-amber-200">· {timeOfDayText(issue.reportedAt)}</span>
                </p>
                {issue.note ? <p className="mt-1 text-sm text-slate-800 dark:text-slate-200">{issue.note}</p> : null}
                {issue.photos.length ? (
                  <button
                    type="button"
                    onClick={() => open(issue.photos[0]!)}
                    className="mt-2 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
                  >
                    See {issue.photos.length === 1 ? 'the photo' : `the ${issue.photos.length} photos`}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <PhotoDialog photos={viewable} index={openIndex} onIndexChange={setOpenIndex} onClose={() => setOpenIndex(null)} />
    </article>
  );
}
