import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import type { VisitDetail } from '../../../../shared/api/schedule';
import { fullDateText, windowText } from '../../../../shared/date-formats';
import { SKIP_REASON_LABELS } from '../../../../shared/visits';
import { buttonClass } from '../../../components/ui/button';
import { FlagBadges, StatusBadge } from './visit-badges';

/** The visit page's top: the way back to its week, the property and customer, status, date, crew, flags and instructions. */
export function VisitHeader({ detail, mayUpdate, onChange }: { detail: VisitDetail; mayUpdate: boolean; onChange: () => void }) {
  const { visit, property } = detail;
  return (
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
          <button type="button" onClick={onChange} className={buttonClass({ variant: 'secondary' })}>
            Move, reassign or skip
          </button>
        ) : null}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        <StatusBadge status={visit.status} skipReason={visit.skipReason} />
        <span>
          {fullDateText(visit.scheduledDate)} · {windowText(visit.window)} ·{' '}
          {detail.crew.length ? detail.crew.map((member) => member.name).join(', ') : 'No crew assigned'}
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
  );
}
