import { AlarmClock, Inbox, MessageSquareWarning, Siren } from 'lucide-react';
import { Link } from 'wouter';
import { QUOTE_REQUEST_STATUSES, type QuoteRequestStatus } from '../../../../shared/constants';
import type { InboxStats } from '../../../../shared/api/quote-requests';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useInboxStats } from '../api/get-inbox-stats';
import { filterQuery, NO_FILTERS } from '../api/quote-request-filters';
import { formatWait } from '../format-submitted';
import { NewAgreements } from './new-agreements';
import { NEW_AGREEMENTS_FILTER } from '../../../../shared/api/agreements';
import { useAgreements } from '../../../api/get-agreements';
import { instantDateTimeText, shortDateText } from '../../../../shared/date-formats';

const cardClass = 'rounded-2xl border p-6';
const plainCard = 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900';
const warningCard = 'border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40';
const inboxHref = (query: URLSearchParams) => `/admin/submissions?${query}`;

/** Bar colours by status; the legend and the table carry the same information in words. */
const colors: Record<QuoteRequestStatus, string> = {
  new: 'fill-sky-500',
  contacted: 'fill-violet-500',
  quoted: 'fill-amber-500',
  won: 'fill-emerald-600',
  lost: 'fill-slate-400',
  spam: 'fill-red-400',
};
const swatches: Record<QuoteRequestStatus, string> = {
  new: 'bg-sky-500',
  contacted: 'bg-violet-500',
  quoted: 'bg-amber-500',
  won: 'bg-emerald-600',
  lost: 'bg-slate-400',
  spam: 'bg-red-400',
};

function WeeklyChart({ stats }: { stats: InboxStats }) {
  const width = 720;
  const height = 240;
  const pad = { left: 32, bottom: 28, top: 8 };
  const totals = stats.weeks.map((week) => QUOTE_REQUEST_STATUSES.reduce((sum, status) => sum + week.counts[status], 0));
  const max = Math.max(4, ...totals);
  const barWidth = (width - pad.left) / stats.weeks.length;
  const scale = (n: number) => (n / max) * (height - pad.bottom - pad.top);
  const total = totals.reduce((a, b) => a + b, 0);
  return (
    <>
      <figure>
        <svg viewBox={`0 0 ${width} ${height}`} className="w-full" role="img" aria-labelledby="chart-caption">
          {[0, Math.round(max / 2), max].map((tick) => (
            <g key={tick}>
              <line
                x1={pad.left}
                x2={width}
                y1={height - pad.bottom - scale(tick)}
                y2={height - pad.bottom - scale(tick)}
                className="stroke-slate-200 dark:stroke-slate-700"
              />
              <text
                x={pad.left - 6}
                y={height - pad.bottom - scale(tick) + 4}
                textAnchor="end"
                className="fill-slate-500 text-[11px] dark:fill-slate-400"
              >
                {tick}
              </text>
            </g>
          ))}
          {stats.weeks.map((week, i) => {
            let y = height - pad.bottom;
            return (
              <g key={week.weekStart}>
                {QUOTE_REQUEST_STATUSES.map((status) => {
                  const h = scale(week.counts[status]);
                  y -= h;
                  return h > 0 ? (
                    <rect
                      key={status}
                      x={pad.left + i * barWidth + 6}
                      y={y}
                      width={barWidth - 12}
                      height={h}
                      rx={2}
                      className={colors[status]}
                    />
                  ) : null;
                })}
                <text
                  x={pad.left + i * barWidth + barWidth / 2}
                  y={height - 8}
                  textAnchor="middle"
                  className="fill-slate-500 text-[10px] dark:fill-slate-400"
                >
                  {shortDateText(week.weekStart)}
                </text>
              </g>
            );
          })}
        </svg>
        <figcaption id="chart-caption" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Quote requests per week over the last 12 weeks, stacked by status: {total} in all. The table below lists the same numbers.
        </figcaption>
      </figure>
      <ul className="mt-3 flex flex-wrap gap-4 text-sm text-slate-700 dark:text-slate-300" aria-label="Legend">
        {QUOTE_REQUEST_STATUSES.map((status) => (
          <li key={status} className="flex items-center gap-2 capitalize">
            <span className={`size-3 rounded-sm ${swatches[status]}`} aria-hidden="true" />
            {status}
          </li>
        ))}
      </ul>
      <details className="mt-4">
        <summary className="cursor-pointer text-sm font-semibold text-brand-700 dark:text-brand-300">Show the numbers as a table</summary>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Quote requests per week by status</caption>
            <thead>
              <tr className="text-slate-600 dark:text-slate-400">
                <th scope="col" className="py-1 pr-4">
                  Week of
                </th>
                {QUOTE_REQUEST_STATUSES.map((status) => (
                  <th key={status} scope="col" className="py-1 pr-4 capitalize">
                    {status}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="text-slate-800 dark:text-slate-200">
              {stats.weeks.map((week) => (
                <tr key={week.weekStart}>
                  <th scope="row" className="py-1 pr-4 font-medium">
                    {shortDateText(week.weekStart)}
                  </th>
                  {QUOTE_REQUEST_STATUSES.map((status) => (
                    <td key={status} className="py-1 pr-4">
                      {week.counts[status]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}

/** How many requests wait for a first call, and how many of them are urgent (listed first in the inbox). */
function NewRequests({ stats }: { stats: InboxStats }) {
  return (
    <section aria-labelledby="new-title" className={cn(cardClass, plainCard)}>
      <h2 id="new-title" className="flex items-center gap-2 text-sm font-semibold text-slate-600 dark:text-slate-400">
        <Inbox className="size-4" aria-hidden="true" />
        New requests waiting
      </h2>
      <p data-figure="new" className="mt-2 text-5xl font-bold text-slate-900 dark:text-white">
        {stats.newCount}
      </p>
      {stats.urgentNewCount > 0 ? (
        <p className="mt-2 flex items-center gap-1.5 text-sm font-semibold text-red-700 dark:text-red-400">
          <Siren className="size-4" aria-hidden="true" />
          {stats.urgentNewCount} urgent, listed first
        </p>
      ) : null}
      <Link href={inboxHref(filterQuery({ ...NO_FILTERS, status: 'new' }))} className={buttonClass({ size: 'sm', className: 'mt-4' })}>
        Open the new requests
      </Link>
    </section>
  );
}

/** New requests past the promised callback time: how many, the longest wait (when the figures were read), and a link to exactly those. */
function OverdueRequests({ stats, readAt }: { stats: InboxStats; readAt: number }) {
  const { count, oldestSubmittedAt, promiseHours } = stats.overdue;
  return (
    <section aria-labelledby="overdue-title" className={cn(cardClass, count > 0 ? warningCard : plainCard)}>
      <h2 id="overdue-title" className="flex items-center gap-2 text-sm font-semibold text-slate-600 dark:text-slate-400">
        <AlarmClock className="size-4" aria-hidden="true" />
        Waiting over {promiseHours} hours for a call
      </h2>
      <p data-figure="overdue" className="mt-2 text-5xl font-bold text-slate-900 dark:text-white">
        {count}
      </p>
      {oldestSubmittedAt ? (
        <>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            The oldest has waited <strong>{formatWait(readAt - new Date(oldestSubmittedAt).getTime())}</strong>, since{' '}
            <time dateTime={oldestSubmittedAt}>{instantDateTimeText(oldestSubmittedAt)}</time>.
          </p>
          <Link
            href={inboxHref(filterQuery({ ...NO_FILTERS, overdue: true }))}
            className={buttonClass({ variant: 'secondary', size: 'sm', className: 'mt-4' })}
          >
            Show the overdue requests
          </Link>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Every new request is still within the promise.</p>
      )}
    </section>
  );
}

/** Customers' requests from the portal that nobody has answered yet, and a link to exactly those. */
function WaitingCustomerRequests({ stats }: { stats: InboxStats }) {
  const { count, problemReports } = stats.customerRequests;
  return (
    <section aria-labelledby="customer-requests-title" className={cn(cardClass, plainCard)}>
      <h2 id="customer-requests-title" className="flex items-center gap-2 text-sm font-semibold text-slate-600 dark:text-slate-400">
        <MessageSquareWarning className="size-4" aria-hidden="true" />
        Customer requests waiting
      </h2>
      <p data-figure="customer-requests" className="mt-2 text-5xl font-bold text-slate-900 dark:text-white">
        {count}
      </p>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {count === 0
          ? 'Every extra cleanup and problem report from the portal has an answer.'
          : problemReports === 0
            ? 'Extra cleanups from the portal, none of them a problem report.'
            : `${problemReports} of them ${problemReports === 1 ? 'reports a problem' : 'report problems'} on a lot.`}
      </p>
      {count > 0 ? (
        <Link
          href="/admin/submissions?view=requests&status=received"
          className={buttonClass({ variant: 'secondary', size: 'sm', className: 'mt-4' })}
        >
          Open the waiting customer requests
        </Link>
      ) : null}
    </section>
  );
}

/** /admin: the console's home. */
export default function OverviewPage() {
  const stats = useInboxStats();
  // Read with the figures, not once they are in: both come with the page, or both are asked for at once.
  const agreements = useAgreements(NEW_AGREEMENTS_FILTER);
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Overview</h1>
      {stats.isPending ? (
        <p className="mt-6 text-slate-600 dark:text-slate-400">Loading...</p>
      ) : stats.isError ? (
        <p role="alert" className="mt-6 text-red-700 dark:text-red-400">
          Error loading the overview. Please refresh the page.
        </p>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <div className="grid content-start gap-6">
            <NewRequests stats={stats.data!} />
            <OverdueRequests stats={stats.data!} readAt={stats.dataUpdatedAt} />
            <WaitingCustomerRequests stats={stats.data!} />
          </div>
          <div className="grid content-start gap-6 lg:col-span-2">
            <NewAgreements agreements={agreements} />
            <section aria-labelledby="weekly-title" className={cn(cardClass, plainCard)}>
              <h2 id="weekly-title" className="mb-4 font-semibold text-slate-900 dark:text-white">
                Requests per week
              </h2>
              <WeeklyChart stats={stats.data!} />
            </section>
          </div>
        </div>
      )}
    </>
  );
}
