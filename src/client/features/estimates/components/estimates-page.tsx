import { FilePlus2 } from 'lucide-react';
import { Link, useSearchParams } from 'wouter';
import { ESTIMATE_STATUSES, ESTIMATE_STATUS_NAMES, type EstimateStatus } from '../../../../shared/estimates';
import { useRoleMay } from '../../../api/get-auth-user';
import { buttonClass } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { useEstimates } from '../api/get-estimates';
import { EstimatesTable } from './estimates-table';

const isStatus = (value: string | null): value is EstimateStatus => (ESTIMATE_STATUSES as readonly (string | null)[]).includes(value);

/** /admin/estimates: every estimate's latest version, newest first, filtered by status (kept in the URL, as the inbox's filters are). */
export default function EstimatesPage() {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('status');
  const status = isStatus(wanted) ? wanted : null;
  const estimates = useEstimates(status);
  const mayWrite = useRoleMay('create', 'estimate');
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Estimates</h1>
          <p className="mt-1 max-w-2xl text-slate-600 dark:text-slate-400">
            Priced offers for one or more properties. The prospect accepts online, and the estimate becomes their service agreement.
          </p>
        </div>
        {mayWrite ? (
          <Link href="/admin/estimates/new" className={buttonClass()}>
            <FilePlus2 className="size-4" aria-hidden="true" />
            New estimate
          </Link>
        ) : null}
      </div>
      <Select
        label="Status"
        className="max-w-xs"
        value={status ?? ''}
        onChange={(event) => setParams(event.target.value ? { status: event.target.value } : {}, { replace: true })}
      >
        <option value="">All estimates</option>
        {ESTIMATE_STATUSES.map((value) => (
          <option key={value} value={value}>
            {ESTIMATE_STATUS_NAMES[value]}
          </option>
        ))}
      </Select>
      {estimates.isPending ? (
        <p className="text-slate-600 dark:text-slate-400">Loading estimates...</p>
      ) : estimates.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          Could not load the estimates. Refresh the page to try again.
        </p>
      ) : estimates.data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
          <p className="font-semibold text-slate-900 dark:text-white">
            {status ? `No estimate is “${ESTIMATE_STATUS_NAMES[status]}” right now.` : 'No estimates yet.'}
          </p>
          <p className="mx-auto mt-2 max-w-xl text-sm text-slate-600 dark:text-slate-400">
            Write one from a quote request in the{' '}
            <Link href="/admin/submissions" className="font-semibold text-brand-700 underline dark:text-brand-300">
              inbox
            </Link>{' '}
            (“Write an estimate” carries over the person and their message), from a customer’s page for more properties or an added service,
            or start from a blank one with New estimate.
          </p>
        </div>
      ) : (
        <EstimatesTable estimates={estimates.data} />
      )}
    </div>
  );
}
