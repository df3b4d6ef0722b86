import { Camera, MapPinned } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Assessment } from '../../../../shared/api/assessments';
import type { QuoteRequest } from '../../../../shared/api/quote-requests';
import { shortWeekdayDateText } from '../../../../shared/date-formats';
import { windowText } from '../../../../shared/local-dates';
import { VISIT_STATUS_LABELS, type VisitStatus } from '../../../../shared/visits';
import { useRoleMay } from '../../../api/get-auth-user';
import { buttonClass } from '../../../components/ui/button';
import { Pill, type PillTone } from '../../../components/ui/pill';
import { useQuoteRequestAssessments } from '../api/assessments';
import { AssessmentForm } from './assessment-form';

const STATUS_TONES: Record<VisitStatus, PillTone> = {
  scheduled: 'sky',
  in_progress: 'amber',
  completed: 'emerald',
  skipped: 'slate',
  missed: 'red',
};

function AssessmentItem({ assessment }: { assessment: Assessment }) {
  const window = assessment.window ? `, ${windowText(assessment.window)}` : '';
  return (
    <li className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link href={`/admin/visits/${assessment.visitId}`} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
          {assessment.propertyName}
        </Link>
        <span className="text-slate-700 dark:text-slate-300">
          {shortWeekdayDateText(assessment.date)}
          {window}
        </span>
        <Pill tone={STATUS_TONES[assessment.status]}>{VISIT_STATUS_LABELS[assessment.status]}</Pill>
        {assessment.photoCount ? (
          <span className="inline-flex items-center gap-1 text-slate-600 dark:text-slate-400">
            <Camera className="size-4" aria-hidden="true" />
            {assessment.photoCount === 1 ? '1 photo' : `${assessment.photoCount} photos`}
          </span>
        ) : null}
      </div>
      <p className="mt-0.5 text-slate-600 dark:text-slate-400">
        {assessment.address}
        {assessment.crewNames.length ? ` · ${assessment.crewNames.join(', ')}` : ''}
      </p>
      {assessment.note ? <p className="mt-1 whitespace-pre-wrap text-slate-800 dark:text-slate-200">“{assessment.note}”</p> : null}
    </li>
  );
}

/**
 * The request's free property visits (issue 24): each site, day, crew and status, the crew's note
 * and photo count once done, and "Schedule a property visit" for the office.
 */
export function QuoteRequestAssessments({ quoteRequest }: { quoteRequest: QuoteRequest }) {
  const maySchedule = useRoleMay('create', 'assessment');
  const assessments = useQuoteRequestAssessments(quoteRequest.id, quoteRequest.customer !== null);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState('');
  const list = assessments.data ?? [];
  if (!maySchedule && !list.length) return null;
  return (
    <div className="mt-3 text-sm">
      {list.length ? (
        <>
          <h3 className="font-medium text-slate-700 dark:text-slate-300">Property visits</h3>
          <ul className="mt-1 grid gap-2">
            {list.map((assessment) => (
              <AssessmentItem key={assessment.visitId} assessment={assessment} />
            ))}
          </ul>
        </>
      ) : null}
      {done ? (
        <p role="status" className="mt-2 font-medium text-emerald-800 dark:text-emerald-300">
          {done}
        </p>
      ) : null}
      {maySchedule && open ? (
        <AssessmentForm
          quoteRequest={quoteRequest}
          onDone={(message) => {
            setDone(message);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      ) : maySchedule ? (
        <button
          type="button"
          onClick={() => {
            setDone('');
            setOpen(true);
          }}
          className={buttonClass({ variant: 'ghost', size: 'sm', className: 'mt-2' })}
        >
          <MapPinned className="size-4" aria-hidden="true" />
          Schedule a property visit
        </button>
      ) : null}
    </div>
  );
}
