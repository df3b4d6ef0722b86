import { Loader2, SearchX, X } from 'lucide-react';
import { STATUS_FILTER_ALL } from '../../../../shared/api/quote-requests';
import { QUOTE_REQUEST_PAGE_MAX } from '../../../../shared/constants';
import { buttonClass } from '../../../components/ui/button';
import type { useQuoteRequests } from '../api/get-quote-requests';
import type { QuoteRequestFilters } from '../api/quote-request-filters';
import type { InboxView } from '../inbox-view';
import { QuoteRequestCard } from './quote-request-card';
import { QuoteRequestTable } from './quote-request-table';

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

/** No quote request to show: none match the filters, or none has come in yet. */
function NoQuoteRequests({ filters, filtered, onClear }: { filters: QuoteRequestFilters; filtered: boolean; onClear: () => void }) {
  return filtered ? (
    <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
      <SearchX className="mx-auto size-8 text-slate-500 dark:text-slate-400" aria-hidden="true" />
      <h2 className="mt-3 font-semibold text-slate-900 dark:text-white">No quote requests match these filters</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Nothing matches {describeFilters(filters)}. Check the spelling, or clear the filters to see every request.
      </p>
      <button type="button" onClick={onClear} className={buttonClass({ variant: 'secondary', size: 'sm', className: 'mt-4' })}>
        <X className="size-4" aria-hidden="true" />
        Clear filters
      </button>
    </div>
  ) : (
    <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
      No submissions yet
    </p>
  );
}

/** The list: loading, the error, the empty result, or the cards (or compact rows) and "Show more". */
export function QuoteRequestsResults({
  quoteRequests,
  filters,
  filtered,
  view,
  shownRows,
  limit,
  onMore,
  onClear,
}: {
  quoteRequests: ReturnType<typeof useQuoteRequests>;
  filters: QuoteRequestFilters;
  filtered: boolean;
  view: InboxView;
  /** How many cards to render now (the rest follow right after the first render). */
  shownRows: number;
  limit: number;
  onMore: () => void;
  onClear: () => void;
}) {
  const data = quoteRequests.data;
  return (
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
        <NoQuoteRequests filters={filters} filtered={filtered} onClear={onClear} />
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
                onClick={onMore}
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
  );
}
