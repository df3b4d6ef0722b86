import { CalendarClock, ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import type { Property } from '../../../../shared/api/properties';
import { MonthlyReportDownload } from '../../../components/monthly-report-download';
import { buttonClass } from '../../../components/ui/button';
import { useVisitHistory } from '../api/get-visit-history';
import { VisitRecord } from './visit-record';
import { monthText, weekdayDateText, windowText } from '../../../../shared/date-formats';
import { cardClass } from '../../../components/ui/card';

/** "November 2026" for a YYYY-MM month. */

/**
 * A property's proof of service: the next visit, then the visit history, newest first, ten a
 * page, with a month to narrow it to. Each visit links to its own page.
 */
export function PropertyVisits({ property }: { property: Property }) {
  const [month, setMonth] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const history = useVisitHistory(property.id, month, page);
  const filterId = useId();
  const data = history.data;

  let body;
  if (history.isPending) body = <p className="text-slate-600 dark:text-slate-400">Loading visits...</p>;
  else if (history.isError)
    body = (
      <p role="alert" className="text-red-700 dark:text-red-400">
        Error loading visits. Please try again later.
      </p>
    );
  else if (!data || data.visits.length === 0)
    body = (
      <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-slate-600 dark:border-slate-700 dark:text-slate-400">
        {month ? `No visits in ${monthText(month)}.` : 'No visits yet. Each visit shows here once our crew has been.'}
      </p>
    );
  else
    body = (
      <ol className="space-y-4" aria-busy={history.isPlaceholderData}>
        {data.visits.map((visit) => (
          <li key={visit.id}>
            <VisitRecord visit={visit} />
          </li>
        ))}
      </ol>
    );

  return (
    <section aria-labelledby="visits-title" className="mb-10">
      {data?.nextVisit ? (
        <p className="mb-6 flex items-center gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 text-brand-950 dark:border-brand-800 dark:bg-brand-950/60 dark:text-brand-50">
          <CalendarClock className="size-6 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
          <span>
            <span className="block text-sm font-medium text-brand-800 dark:text-brand-200">Next visit</span>
            <span className="font-semibold">
              {weekdayDateText(data.nextVisit.scheduledDate)} · {windowText(data.nextVisit.window)}
            </span>
          </span>
        </p>
      ) : null}

      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h3 id="visits-title" tabIndex={-1} className="text-lg font-semibold text-slate-900 dark:text-white">
          Visit history
          {data ? (
            <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-400">
              {data.total} {data.total === 1 ? 'visit' : 'visits'}
            </span>
          ) : null}
        </h3>
        {data && data.months.length > 0 ? (
          <div className="flex items-center gap-2">
            <label htmlFor={filterId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
              Show month
            </label>
            <select
              id={filterId}
              value={month ?? ''}
              onChange={(event) => {
                setMonth(event.target.value || null);
                setPage(1);
              }}
              className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-white"
            >
              <option value="">All months</option>
              {data.months.map((option) => (
                <option key={option} value={option}>
                  {monthText(option)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>

      {body}

      {data && data.pageCount > 1 ? (
        <nav aria-label="Visit history pages" className="mt-4 flex items-center justify-between gap-3">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => setPage((current) => current - 1)}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            <ChevronLeft className="size-4" aria-hidden="true" />
            Newer visits
          </button>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Page {data.page} of {data.pageCount}
          </p>
          <button
            type="button"
            disabled={page >= data.pageCount}
            onClick={() => setPage((current) => current + 1)}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            Older visits
            <ChevronRight className="size-4" aria-hidden="true" />
          </button>
        </nav>
      ) : null}
    </section>
  );
}

/** The property's monthly PDF, in a section of its own so the page's menu reaches it. */
export function PropertyMonthlyReport({ property }: { property: Property }) {
  return (
    <section aria-labelledby="report-title" className={cardClass({ padding: 'p-4 sm:p-6', className: 'mb-10' })}>
      <h3 id="report-title" tabIndex={-1} className="text-lg font-semibold text-slate-900 dark:text-white">
        Monthly service report
      </h3>
      <div className="mt-3">
        <MonthlyReportDownload
          of={{ propertyId: property.id }}
          description="A PDF of the month's visits at this property, with their times, checklists and before and after photos: ready to forward to an owner."
        />
      </div>
    </section>
  );
}
