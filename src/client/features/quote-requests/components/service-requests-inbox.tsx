import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import type { ServiceRequestListQuery } from '../../../../shared/api/service-requests';
import {
  SERVICE_REQUEST_KIND_LABELS,
  SERVICE_REQUEST_KINDS,
  SERVICE_REQUEST_STATUS_LABELS,
  SERVICE_REQUEST_STATUSES,
  type ServiceRequestKind,
  type ServiceRequestStatus,
} from '../../../../shared/service-requests';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useServiceRequests } from '../api/get-service-requests';
import { FilterBar, FilterSelect, SEARCH_SETTLE_MS } from '../../../components/filter-bar';
import { ServiceRequestCard } from './service-request-card';
import { withParam } from '../../../lib/search-params';

const isStatus = (value: string | null): value is ServiceRequestStatus => SERVICE_REQUEST_STATUSES.includes(value as ServiceRequestStatus);
const isKind = (value: string | null): value is ServiceRequestKind => SERVICE_REQUEST_KINDS.includes(value as ServiceRequestKind);

/** What the filters leave out, in words: "No received problem reports match “dock”". */
function emptyText(filters: ServiceRequestListQuery) {
  if (!filters.status && !filters.kind && !filters.q) return 'No customer requests yet';
  const status = filters.status ? `${SERVICE_REQUEST_STATUS_LABELS[filters.status].toLowerCase()} ` : '';
  const kind = filters.kind ? `${SERVICE_REQUEST_KIND_LABELS[filters.kind].toLowerCase()}s` : 'requests';
  return filters.q ? `No ${status}${kind} match “${filters.q}”` : `No ${status}${kind}`;
}

/**
 * The inbox's customer requests (/admin/submissions?view=requests): extra cleanups and problem
 * reports from the portal, newest first, filtered in the URL by status, type (`kind`) and the
 * search text (`q`, written once typing pauses, replacing the history entry).
 */
export function ServiceRequestsInbox() {
  const [params, setParams] = useSearchParams();
  const wantedStatus = params.get('status');
  const wantedKind = params.get('kind');
  const filters: ServiceRequestListQuery = {
    status: isStatus(wantedStatus) ? wantedStatus : undefined,
    kind: isKind(wantedKind) ? wantedKind : undefined,
    q: params.get('q')?.trim() || undefined,
  };
  const [searchText, setSearchText] = useState(filters.q ?? '');
  const settledSearch = useDebouncedValue(searchText.trim(), SEARCH_SETTLE_MS);
  useEffect(() => {
    setParams((current) => withParam(current, 'q', settledSearch), { replace: true });
  }, [settledSearch, setParams]);
  const change = (name: 'status' | 'kind', value: string) => setParams((current) => withParam(current, name, value));
  const requests = useServiceRequests(filters);
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Customer requests</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Extra cleanups and problem reports sent from the customer portal. The customer is e-mailed when you change a status.
      </p>
      <FilterBar
        label="Filter the customer requests"
        search={searchText}
        onSearch={setSearchText}
        placeholder="Property, customer, sender or note"
        className="mt-4"
      >
        <FilterSelect
          label="Status"
          value={filters.status}
          onChange={(value) => change('status', value)}
          all="All statuses"
          options={SERVICE_REQUEST_STATUSES.map((value) => [value, SERVICE_REQUEST_STATUS_LABELS[value]] as const)}
        />
        <FilterSelect
          label="Type"
          value={filters.kind}
          onChange={(value) => change('kind', value)}
          all="Both types"
          options={SERVICE_REQUEST_KINDS.map((value) => [value, `${SERVICE_REQUEST_KIND_LABELS[value]}s`] as const)}
        />
      </FilterBar>
      <div className="mt-4">
        {requests.isPending ? (
          <p className="flex items-center gap-2 text-slate-600 dark:text-slate-400">
            <Loader2 className="size-5 animate-spin" aria-hidden="true" />
            Loading customer requests...
          </p>
        ) : requests.isError ? (
          <p
            role="alert"
            className="rounded-2xl border border-red-200 bg-red-50 p-5 font-semibold text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300"
          >
            Error loading customer requests. Please refresh the page to try again.
          </p>
        ) : requests.data.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {emptyText(filters)}
          </p>
        ) : (
          <ul className="grid gap-4">
            {requests.data.map((request) => (
              <ServiceRequestCard key={request.id} request={request} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
