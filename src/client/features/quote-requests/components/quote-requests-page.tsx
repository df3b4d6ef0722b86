import { CloudOff, Download, LayoutList, Loader2, RefreshCw, Rows3, SearchX, X } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { STATUS_FILTER_ALL } from '../../../../shared/api/quote-requests';
import {
  QUOTE_REQUEST_PAGE_DEFAULT,
  QUOTE_REQUEST_PAGE_MAX,
  QUOTE_REQUEST_STATUSES,
  QUOTE_REQUESTS_REFRESH_MS,
  SERVICE_OPTIONS,
} from '../../../../shared/constants';
import { useRoleMay } from '../../../api/get-auth-user';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useQuoteRequests } from '../api/get-quote-requests';
import {
  exportCsvHref,
  filterQuery,
  filtersFromParams,
  hasFilters,
  NO_FILTERS,
  type QuoteRequestFilters,
} from '../api/quote-request-filters';
import { useInboxView, type InboxView } from '../inbox-view';
import { FilterBar, FilterSelect, SEARCH_SETTLE_MS } from '../../../components/filter-bar';
import { InboxTabs } from './inbox-tabs';
import { QuoteRequestCard } from './quote-request-card';
import { QuoteRequestTable } from './quote-request-table';
import { ServiceRequestsInbox } from './service-requests-inbox';
import { timeOfDayText } from '../../../../shared/date-formats';

/** Cards in the inbox's first render; the rest are rendered right after it. */
const FIRST_RENDER_CARDS = 10;
/** The active filters in words, for the empty result: `"brookfield", status won, Other`. */
function describeFilters(filters: QuoteRequestFilters): string {
  const parts: string[] = [];
  if (filters.q.trim()) parts.push(`the search “${filters.q.trim()}”`);
  if (filters.status === STATUS_FILTER_ALL) parts.push('every status, spam included');
  else if (filters.status) parts.push(`the status “${filters.status}”`);
  if (filters.service) parts.push(`the service “${filters.service}”`);
  if (filters.overdue) parts.push('overdue callbacks only');
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}

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

/**
 * /admin/submissions: the quote requests, urgent new ones first, refreshed every 30 seconds.
 * The filters live in the URL (bookmark or share a view; Back and Forward step through filter
 * changes); the search box writes to it once typing pauses.
 */
export default function QuoteRequestsPage() {
  const [params] = useSearchParams();
  if (params.get('view') === 'requests') {
    return (
      <>
        <InboxTabs current="requests" />
        <ServiceRequestsInbox />
      </>
    );
  }
  return <QuoteRequestsList />;
}

function QuoteRequestsList() {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const filters = useMemo(() => filtersFromParams(new URLSearchParams(query)), [query]);
  const [view, setView] = useInboxView();
  const mayExport = useRoleMay('export', 'quoteRequest');

  // The search box: typed text settles into the URL (replacing the entry, so Back skips the keystrokes);
  // a search changed from outside (Back, Forward, Clear filters) comes back into the box.
  const [searchText, setSearchText] = useState(filters.q);
  const settledSearch = useDebouncedValue(searchText, SEARCH_SETTLE_MS);
  const searchInUrl = useRef(filters.q);
  useEffect(() => {
    if (settledSearch === searchInUrl.current) return;
    searchInUrl.current = settledSearch;
    setParams((current) => filterQuery({ ...filtersFromParams(current), q: settledSearch }), { replace: true });
  }, [settledSearch, setParams]);
  useEffect(() => {
    if (filters.q === searchInUrl.current) return;
    searchInUrl.current = filters.q;
    setSearchText(filters.q);
  }, [filters.q]);

  const change = (next: Partial<QuoteRequestFilters>) => {
    searchInUrl.current = searchText;
    setParams(filterQuery({ ...filters, q: searchText, ...next }));
  };
  const clearFilters = () => {
    searchInUrl.current = '';
    setSearchText('');
    setParams(filterQuery(NO_FILTERS));
  };

  // "Show more" grows the page for the filters it was pressed on; other filters start at one page.
  const [more, setMore] = useState({ query, limit: QUOTE_REQUEST_PAGE_DEFAULT });
  const limit = more.query === query ? more.limit : QUOTE_REQUEST_PAGE_DEFAULT;
  const quoteRequests = useQuoteRequests(filters, limit);
  const data = quoteRequests.data;
  // The first render (the server's, and the hydration) shows the first cards, a phone's screenful
  // and more; the rest follow at once in the background, so no single task lays out all 50.
  const rowCount = data?.rows.length ?? 0;
  const shownRows = useDeferredValue(rowCount, Math.min(rowCount, FIRST_RENDER_CARDS));
  const filtered = hasFilters(filters);

  return (
    <>
      <InboxTabs current="quotes" />
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
          <ViewToggle view={view} onChange={setView} />
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

      <FilterBar
        label="Filter the quote requests"
        search={searchText}
        onSearch={setSearchText}
        placeholder="Name, e-mail, phone or message"
        className="mt-4"
      >
        <FilterSelect
          label="Status"
          value={filters.status}
          onChange={(value) => change({ status: value as QuoteRequestFilters['status'] })}
          all="All except spam"
          options={QUOTE_REQUEST_STATUSES.map((status) => [status, status[0]!.toUpperCase() + status.slice(1)] as const)}
        >
          <option value={STATUS_FILTER_ALL}>All, including spam</option>
        </FilterSelect>
        <FilterSelect
          label="Service"
          value={filters.service}
          onChange={(value) => change({ service: value })}
          all="All services"
          options={SERVICE_OPTIONS.map((service) => [service, service] as const)}
        />
        <label className="flex h-[38px] items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-300">
          <input
            type="checkbox"
            checked={filters.overdue}
            onChange={(event) => change({ overdue: event.target.checked })}
            className="size-4 accent-brand-700"
          />
          Overdue callbacks only
        </label>
        {filtered || searchText.trim() ? (
          <button type="button" onClick={clearFilters} className={buttonClass({ variant: 'ghost', size: 'sm', className: 'h-[38px]' })}>
            <X className="size-4" aria-hidden="true" />
            Clear filters
          </button>
        ) : null}
      </FilterBar>

      <div className="mt-4">
        {quoteRequests.isPending ? (
          <p className="flex items-center gap-2 text-slate-600 dark:text-slate-400">
            <Loader2 className="size-5 animate-spin" aria-hidden="true" />
            Loading submissions...
          </p>
        ) : !data ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 dark:border-red-900 dark:bg-red-950/40">
            <p className="font-semibold text-red-800 dark:text-red-300">Error loading submissions</p>
            <p className="mt-1 text-sm text-red-800 dark:text-red-300">
              Please refresh the page to try again. If it keeps happening, check that the server is running.
            </p>
          </div>
        ) : data.rows.length === 0 ? (
          filtered ? (
            <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
              <SearchX className="mx-auto size-8 text-slate-500 dark:text-slate-400" aria-hidden="true" />
              <h2 className="mt-3 font-semibold text-slate-900 dark:text-white">No quote requests match these filters</h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                Nothing matches {describeFilters(filters)}. Check the spelling, or clear the filters to see every request.
              </p>
              <button type="button" onClick={clearFilters} className={buttonClass({ variant: 'secondary', size: 'sm', className: 'mt-4' })}>
                <X className="size-4" aria-hidden="true" />
                Clear filters
              </button>
            </div>
          ) : (
            <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
              No submissions yet
            </p>
          )
        ) : (
          <>
            {view === 'compact' ? (
              <QuoteRequestTable quoteRequests={data.rows} readAt={quoteRequests.dataUpdatedAt} />
            ) : (
              <ul className="grid gap-4">
                {data.rows.slice(0, shownRows).map((quoteRequest) => (
                  <QuoteRequestCard key={quoteRequest.id} quoteRequest={quoteRequest} readAt={quoteRequests.dataUpdatedAt} />
                ))}
              </ul>
            )}
            {data.nextCursor ? (
              <div className="mt-6 text-center">
                <button
                  type="button"
                  onClick={() => setMore({ query, limit: Math.min(limit + QUOTE_REQUEST_PAGE_DEFAULT, QUOTE_REQUEST_PAGE_MAX) })}
                  disabled={limit >= QUOTE_REQUEST_PAGE_MAX}
                  className={buttonClass({ variant: 'secondary' })}
                >
                  {limit >= QUOTE_REQUEST_PAGE_MAX ? 'Narrow the filters to see older requests' : 'Show more'}
                </button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </>
  );
}
