import { Download, Loader2, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import {
  QUOTE_REQUEST_PAGE_DEFAULT,
  QUOTE_REQUEST_STATUSES,
  QUOTE_REQUESTS_REFRESH_MS,
  SERVICE_OPTIONS,
} from '../../../../shared/constants';
import { useRoleMay } from '../../../api/get-auth-user';
import { buttonClass } from '../../../components/ui/button';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useQuoteRequests } from '../api/get-quote-requests';
import { exportCsvHref, type QuoteRequestFilters } from '../api/quote-request-filters';
import { QuoteRequestCard } from './quote-request-card';

const selectClass = 'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950 dark:text-white';

/** /admin/submissions: the quote requests, filtered, refreshed every 30 seconds. */
export default function QuoteRequestsPage() {
  const [filters, setFilters] = useState<QuoteRequestFilters>({ status: '', service: '', q: '', includeSpam: false });
  const [limit, setLimit] = useState(QUOTE_REQUEST_PAGE_DEFAULT);
  // Typing in the search box filters once the typing pauses, not on every key.
  const settledFilters = useDebouncedValue(filters, 300);
  const quoteRequests = useQuoteRequests(settledFilters, limit);
  const mayExport = useRoleMay('export', 'quoteRequest');
  const change = (next: Partial<QuoteRequestFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setLimit(QUOTE_REQUEST_PAGE_DEFAULT);
  };

  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Contact Form Submissions</h1>
        {quoteRequests.data ? (
          <span
            className="rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white dark:bg-brand-500 dark:text-slate-950"
            aria-label={`${quoteRequests.data.total} submissions`}
          >
            {quoteRequests.data.total}
          </span>
        ) : null}
      </div>
      <p className="mt-2 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        <RefreshCw className="size-4" aria-hidden="true" />
        This list refreshes automatically every {QUOTE_REQUESTS_REFRESH_MS / 1000} seconds.
      </p>

      <form
        role="search"
        onSubmit={(event) => event.preventDefault()}
        className="mt-6 flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      >
        <label className="grid gap-1 text-sm font-medium text-slate-700 dark:text-slate-300">
          Search
          <input
            type="search"
            value={filters.q}
            onChange={(event) => change({ q: event.target.value })}
            placeholder="Name, e-mail or phone"
            className={selectClass}
          />
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-700 dark:text-slate-300">
          Status
          <select
            value={filters.status}
            onChange={(event) => change({ status: event.target.value as QuoteRequestFilters['status'] })}
            className={`${selectClass} capitalize`}
          >
            <option value="">All but spam</option>
            {QUOTE_REQUEST_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-700 dark:text-slate-300">
          Service
          <select value={filters.service} onChange={(event) => change({ service: event.target.value })} className={selectClass}>
            <option value="">All services</option>
            {SERVICE_OPTIONS.map((service) => (
              <option key={service} value={service}>
                {service}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 py-2 text-sm font-medium text-slate-700 dark:text-slate-300">
          <input
            type="checkbox"
            checked={filters.includeSpam}
            onChange={(event) => change({ includeSpam: event.target.checked })}
            className="size-4 accent-brand-700"
          />
          Show spam
        </label>
        {mayExport ? (
          <a href={exportCsvHref(filters)} className={buttonClass({ variant: 'secondary', size: 'sm', className: 'ml-auto' })}>
            <Download className="size-4" aria-hidden="true" />
            Export CSV
          </a>
        ) : null}
      </form>

      <div className="mt-6">
        {quoteRequests.isPending ? (
          <p className="flex items-center gap-2 text-slate-600 dark:text-slate-400">
            <Loader2 className="size-5 animate-spin" aria-hidden="true" />
            Loading quoteRequests...
          </p>
        ) : quoteRequests.isError ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 dark:border-red-900 dark:bg-red-950/40">
            <p className="font-semibold text-red-800 dark:text-red-300">Error loading submissions</p>
            <p className="mt-1 text-sm text-red-800 dark:text-red-300">
              Please refresh the page to try again. If it keeps happening, check that the server is running.
            </p>
          </div>
        ) : quoteRequests.data!.rows.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            No submissions yet
          </p>
        ) : (
          <>
            <ul className="grid gap-4">
              {quoteRequests.data!.rows.map((quoteRequest) => (
                <QuoteRequestCard key={quoteRequest.id} quoteRequest={quoteRequest} />
              ))}
            </ul>
            {quoteRequests.data!.nextCursor ? (
              <div className="mt-6 text-center">
                <button
                  type="button"
                  onClick={() => setLimit((n) => Math.min(n + QUOTE_REQUEST_PAGE_DEFAULT, 200))}
                  disabled={limit >= 200}
                  className={buttonClass({ variant: 'secondary' })}
                >
                  {limit >= 200 ? 'Narrow the filters to see older requests' : 'Show more'}
                </button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </>
  );
}
