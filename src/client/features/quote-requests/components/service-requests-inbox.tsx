import { Loader2 } from 'lucide-react';
import { useSearchParams } from 'wouter';
import { SERVICE_REQUEST_STATUS_LABELS, SERVICE_REQUEST_STATUSES, type ServiceRequestStatus } from '../../../../shared/service-requests';
import { useServiceRequests } from '../api/get-service-requests';
import { ServiceRequestCard } from './service-request-card';

const isStatus = (value: string | null): value is ServiceRequestStatus => SERVICE_REQUEST_STATUSES.includes(value as ServiceRequestStatus);

/**
 * The inbox's customer requests (/admin/submissions?view=requests): extra cleanups and problem
 * reports from the portal, newest first, filtered by status in the URL (`status`).
 */
export function ServiceRequestsInbox() {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('status');
  const status = isStatus(wanted) ? wanted : '';
  const requests = useServiceRequests(status);
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Customer requests</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Extra cleanups and problem reports sent from the customer portal. The customer is e-mailed when you change a status.
      </p>
      <form
        role="search"
        aria-label="Filter the customer requests"
        onSubmit={(event) => event.preventDefault()}
        className="mt-4 flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
      >
        <label className="grid gap-1 text-sm font-medium text-slate-700 dark:text-slate-300">
          Status
          <select
            value={status}
            onChange={(event) => setParams({ view: 'requests', ...(event.target.value ? { status: event.target.value } : {}) })}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950 dark:text-white"
          >
            <option value="">All statuses</option>
            {SERVICE_REQUEST_STATUSES.map((value) => (
              <option key={value} value={value}>
                {SERVICE_REQUEST_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
      </form>
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
            {status ? `No ${SERVICE_REQUEST_STATUS_LABELS[status].toLowerCase()} requests` : 'No customer requests yet'}
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
