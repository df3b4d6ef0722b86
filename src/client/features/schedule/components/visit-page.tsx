import { ArrowLeft, CheckCircle2, Circle, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import type { VisitDetail } from '../../../../shared/api/schedule';
import { mapsLink } from '../../../../shared/geo';
import { SITE_ISSUE_TYPE_LABELS, SKIP_REASON_LABELS } from '../../../../shared/visits';
import { useRoleMay } from '../../../api/get-auth-user';
import { buttonClass } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useCrewMembers } from '../../../api/get-crew-members';
import { useVisit } from '../api/get-visit';
import { formatDistance } from '../dates';
import { CorrectionForm } from './correction-form';
import { FlagBadges, StatusBadge } from './visit-badges';
import { VisitChangeDialog } from './visit-change-dialog';
import { VisitPhotos } from './visit-photos';
import { VisitTimeline } from './visit-timeline';
import { crewMemberName } from '../../../../shared/api/crew-members';
import { SavedNotice } from '../../../components/ui/saved-notice';
import { fullDateText, instantShortDateTimeText, windowText } from '../../../../shared/date-formats';
import { cardClass } from '../../../components/ui/card';

const heading = 'mb-4 text-lg font-semibold text-slate-900 dark:text-white';

/** Where the check-in was placed, in words, with the distance; coordinates for staff only. */
function CheckIn({ detail }: { detail: VisitDetail }) {
  const { visit } = detail;
  if (!visit.checkIn && !visit.checkedInAt) return <p className="text-sm text-slate-600 dark:text-slate-400">Not checked in yet.</p>;
  const checkIn = visit.checkIn;
  const distance = checkIn?.distanceMeters ?? null;
  const verdict =
    checkIn?.locationStatus === 'verified'
      ? `Verified on site${distance !== null ? `: ${formatDistance(distance)} from the property` : ''}`
      : checkIn?.locationStatus === 'away'
        ? `Away from the site${distance !== null ? `: ${formatDistance(distance)} from the property` : ''}`
        : 'Not verified: the location was refused or unavailable, or the property has no location yet';
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-medium text-slate-600 dark:text-slate-400">Checked in</dt>
        <dd className="text-slate-900 dark:text-white">
          {visit.checkedInAt ? instantShortDateTimeText(visit.checkedInAt) : 'No time recorded'}
          {visit.checkedInBy ? ` by ${visit.checkedInBy.name}` : ''}
        </dd>
      </div>
      <div>
        <dt className="font-medium text-slate-600 dark:text-slate-400">Checked out</dt>
        <dd className="text-slate-900 dark:text-white">
          {visit.checkedOutAt ? instantShortDateTimeText(visit.checkedOutAt) : 'Not yet'}
          {visit.checkedOutBy ? ` by ${visit.checkedOutBy.name}` : ''}
        </dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="font-medium text-slate-600 dark:text-slate-400">Location</dt>
        <dd className="text-slate-900 dark:text-white">
          {verdict}
          {checkIn?.latitude != null && checkIn.longitude != null ? (
            <>
              {' · '}
              <a
                href={mapsLink('', { lat: checkIn.latitude, lng: checkIn.longitude })}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 font-semibold text-brand-700 underline dark:text-brand-300"
              >
                Where the phone was <ExternalLink className="size-3.5" aria-hidden="true" />
              </a>
              {checkIn.accuracyMeters != null ? ` (accurate to ${formatDistance(checkIn.accuracyMeters)})` : ''}
            </>
          ) : null}
        </dd>
      </div>
    </dl>
  );
}

/** /admin/visits/:id: a visit's record, its timeline, photos and corrections. */
export default function VisitPage() {
  const { id } = useParams<{ id: string }>();
  const detail = useVisit(id);
  const crew = useCrewMembers();
  const mayUpdate = useRoleMay('update', 'visit');
  const mayAddPhoto = useRoleMay('create', 'photo');
  const mayDeletePhoto = useRoleMay('delete', 'photo');
  const [changing, setChanging] = useState(false);
  const [notice, setNotice] = useState('');

  if (detail.isPending) return <p className="text-slate-600 dark:text-slate-400">Loading the visit...</p>;
  if (detail.isError)
    return (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {detail.error instanceof ApiError && detail.error.status === 404
          ? 'This visit does not exist.'
          : 'Could not load the visit. Please refresh the page.'}
      </p>
    );
  const data = detail.data!;
  const { visit, property } = data;
  const crewPeople = (crew.data ?? []).map((member) => ({ id: member.id, name: crewMemberName(member) }));
  return (
    <div className="grid min-w-0 gap-6">
      <div>
        <Link
          href={`/admin/schedule?week=${visit.scheduledDate}`}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> Schedule
        </Link>
        <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{property.name}</h1>
            <p className="mt-1 text-slate-600 dark:text-slate-400">
              {property.address}, {property.city}, {property.state} {property.zipCode} ·{' '}
              <Link
                href={`/admin/customers/${property.customerId}`}
                className="font-semibold text-brand-700 hover:underline dark:text-brand-300"
              >
                {property.customerName}
              </Link>
            </p>
          </div>
          {mayUpdate ? (
            <button type="button" onClick={() => setChanging(true)} className={buttonClass({ variant: 'secondary' })}>
              Move, reassign or skip
            </button>
          ) : null}
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <StatusBadge status={visit.status} skipReason={visit.skipReason} />
          <span>
            {fullDateText(visit.scheduledDate)} · {windowText(visit.window)} ·{' '}
            {data.crew.length ? data.crew.map((member) => member.name).join(', ') : 'No crew assigned'}
            {visit.planId ? '' : ' · one-off visit'}
          </span>
        </div>
        <FlagBadges flags={visit.flags} className="mt-3" />
        {visit.status === 'skipped' && visit.skipReason ? (
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
            Skipped: {SKIP_REASON_LABELS[visit.skipReason]}
            {visit.skipNote ? `, “${visit.skipNote}”` : ''}
          </p>
        ) : null}
        {visit.instructions ? (
          <p className="mt-3 max-w-3xl text-sm text-slate-700 dark:text-slate-300">
            <span className="font-semibold">Instructions:</span> {visit.instructions}
          </p>
        ) : null}
      </div>

      <SavedNotice notice={notice} />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="grid min-w-0 content-start gap-6">
          <section aria-labelledby="check-in-title" className={cardClass()}>
            <h2 id="check-in-title" className={heading}>
              Check-in and check-out
            </h2>
            <CheckIn detail={data} />
          </section>
          <section aria-labelledby="work-title" className={cardClass()}>
            <h2 id="work-title" className={heading}>
              Checklist and site issues
            </h2>
            {data.checklist.length ? (
              <ul className="grid gap-2">
                {data.checklist.map((item) => (
                  <li key={item.position} className="flex items-start gap-2 text-sm">
                    {item.doneAt ? (
                      <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden="true" />
                    ) : (
                      <Circle className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
                    )}
                    <span className="text-slate-900 dark:text-white">
                      {item.label}
                      <span className="text-slate-600 dark:text-slate-400">
                        {item.doneAt
                          ? ` · done ${instantShortDateTimeText(item.doneAt)}${item.doneBy ? ` by ${item.doneBy.name}` : ''}`
                          : ' · not done'}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">This visit has no checklist.</p>
            )}
            <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">Site issues ({data.siteIssues.length})</h3>
            {data.siteIssues.length ? (
              <ul className="grid gap-2">
                {data.siteIssues.map((issue) => (
                  <li
                    key={issue.id}
                    className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950"
                  >
                    <p className="font-semibold text-amber-950 dark:text-amber-100">{SITE_ISSUE_TYPE_LABELS[issue.type]}</p>
                    {issue.note ? <p className="mt-1 text-slate-800 dark:text-slate-200">{issue.note}</p> : null}
                    <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
                      {instantShortDateTimeText(issue.reportedAt)}
                      {issue.reportedBy ? ` · ${issue.reportedBy.name}` : ''}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">None reported.</p>
            )}
            {visit.note ? (
              <p className="mt-5 text-sm text-slate-800 dark:text-slate-200">
                <span className="font-semibold">Note:</span> {visit.note}
              </p>
            ) : null}
          </section>
          <section aria-labelledby="photos-title" className={cardClass()}>
            <h2 id="photos-title" className={heading}>
              Photos
            </h2>
            <VisitPhotos visitId={visit.id} photos={data.photos} mayAdd={mayAddPhoto} mayDelete={mayDeletePhoto} />
          </section>
          {mayUpdate && visit.status !== 'skipped' ? (
            <section aria-labelledby="correct-title" className={cardClass()}>
              <h2 id="correct-title" className={heading}>
                Correct the record
              </h2>
              <CorrectionForm key={`${visit.checkedInAt}-${visit.checkedOutAt}-${data.timeline.length}`} detail={data} onDone={setNotice} />
            </section>
          ) : null}
        </div>
        <section aria-labelledby="timeline-title" className={cardClass({ className: 'content-start self-start' })}>
          <h2 id="timeline-title" className={heading}>
            Timeline
          </h2>
          <VisitTimeline events={data.timeline} crew={[...crewPeople, ...data.crew]} />
        </section>
      </div>

      {changing ? (
        <VisitChangeDialog
          visit={{ id: visit.id, date: visit.scheduledDate, status: visit.status, propertyName: property.name, crew: data.crew }}
          crew={crewPeople}
          onClose={() => setChanging(false)}
          onDone={setNotice}
        />
      ) : null}
    </div>
  );
}
