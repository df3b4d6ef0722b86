import { useState } from 'react';
import { useParams } from 'wouter';
import { useRoleMay } from '../../../api/get-auth-user';
import { ApiError } from '../../../lib/api-client';
import { useCrewMembers } from '../../../api/get-crew-members';
import { useVisit } from '../api/get-visit';
import { CorrectionForm } from './correction-form';
import { VisitChangeDialog } from './visit-change-dialog';
import { VisitPhotos } from './visit-photos';
import { VisitTimeline } from './visit-timeline';
import { crewMemberName } from '../../../../shared/api/crew-members';
import { SavedNotice } from '../../../components/ui/saved-notice';
import { cardClass } from '../../../components/ui/card';
import { CheckIn } from './visit-check-in';
import { VisitHeader } from './visit-header';
import { VisitWork } from './visit-work';

const heading = 'mb-4 text-lg font-semibold text-slate-900 dark:text-white';

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
      <VisitHeader detail={data} mayUpdate={mayUpdate} onChange={() => setChanging(true)} />

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
            <VisitWork detail={data} />
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
