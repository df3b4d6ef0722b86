import { CloudOff, Download, LayoutList, RefreshCw, Rows3 } from 'lucide-react';
import { QUOTE_REQUESTS_REFRESH_MS } from '../../../../shared/constants';
import { timeOfDayText } from '../../../../shared/date-formats';
import { useRoleMay } from '../../../api/get-auth-user';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { useQuoteRequests } from '../api/get-quote-requests';
import { exportCsvHref, type QuoteRequestFilters } from '../api/quote-request-filters';
import type { InboxView } from '../inbox-view';

/** Cards or compact rows: two buttons, the chosen one pressed. */
function ViewToggle({ view, onChange }: { view: InboxView; onChange: (view: InboxView) => void }) {
  const option = (value: InboxView, label: string, Icon: typeof Rows3) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onChange(value)}
      className="inline-flex h-9 items-center gap-1.5 px-3 text-sm font-semibold text-slate-700 first:rounded-l-lg last:rounded-r-lg hover:bg-slate-50 aria-pressed:bg-brand-700 aria-pressed:text-white dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-pressed:bg-brand-500 dark:aria-pressed:text-slate-950"
    >
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </button>
  );
  return (
    <div className="flex items-center gap-2">
      <span id="inbox-view-label" className="text-sm font-medium text-slate-700 dark:text-slate-300">
        View
      </span>
      <div
        role="group"
        aria-labelledby="inbox-view-label"
        className="inline-flex divide-x divide-slate-300 rounded-lg border border-slate-300 bg-white dark:divide-slate-600 dark:border-slate-600 dark:bg-slate-900"
      >
        {option('cards', 'Cards', Rows3)}
        {option('compact', 'Compact list', LayoutList)}
      </div>
    </div>
  );
}

/** The inbox's title with the count, the view toggle, the CSV export, and the refresh line. */
export function QuoteRequestsHeader({
  quoteRequests,
  filters,
  view,
  onView,
}: {
  quoteRequests: ReturnType<typeof useQuoteRequests>;
  filters: QuoteRequestFilters;
  view: InboxView;
  onView: (view: InboxView) => void;
}) {
  const mayExport = useRoleMay('export', 'quoteRequest');
  const data = quoteRequests.data;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Contact Form Submissions</h1>
          {data ? (
            <span className="rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white dark:bg-brand-500 dark:text-slate-950">
              <span aria-hidden="true">{data.capped ? `${data.total.toLocaleString('en-US')}+` : data.total}</span>
              <span className="sr-only">
                {data.capped ? `More than ${data.total.toLocaleString('en-US')} submissions` : `${data.total} submissions`}
              </span>
            </span>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <ViewToggle view={view} onChange={onView} />
          {mayExport ? (
            <a href={exportCsvHref(filters)} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
              <Download className="size-4" aria-hidden="true" />
              Export CSV
            </a>
          ) : null}
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <p className="flex items-center gap-2 text-slate-600 dark:text-slate-400">
          <RefreshCw className={cn('size-4', quoteRequests.isFetching && 'animate-spin')} aria-hidden="true" />
          This list refreshes automatically every {QUOTE_REQUESTS_REFRESH_MS / 1000} seconds.
        </p>
        <div role="status">
          {quoteRequests.isRefetchError && data ? (
            <p className="flex items-center gap-2 rounded-full bg-amber-100 px-3 py-0.5 font-medium text-amber-950 dark:bg-amber-900/50 dark:text-amber-100">
              <CloudOff className="size-4" aria-hidden="true" />
              Could not refresh - retrying. The list below is from {timeOfDayText(quoteRequests.dataUpdatedAt)}.
            </p>
          ) : null}
        </div>
      </div>
    </>
  );
}
