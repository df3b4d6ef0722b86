import { Landmark } from 'lucide-react';
import { Link, useSearchParams } from 'wouter';
import {
  AGING_BUCKETS,
  INVOICE_STATUSES,
  type AgingBucket,
  type InvoiceListQuery,
  type InvoiceStatus,
} from '../../../../shared/api/invoices';
import { AGING_BUCKET_LABELS } from '../../../../shared/api/payments';
import { monthText } from '../../../../shared/date-formats';
import { localToday } from '../../../../shared/local-dates';
import { useCustomer } from '../../../api/get-customer';
import { useRoleMay } from '../../../api/get-auth-user';
import { buttonClass } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { withParam } from '../../../lib/search-params';
import { useInvoices } from '../api/invoices';
import { monthChoiceText, recentMonths, STATUS_FILTER_LABELS } from '../invoice-text';
import { ApproveAllDrafts } from './approve-all-drafts';
import { InvoicesTable } from './invoices-table';
import { PrepareInvoicesCard } from './prepare-invoices-card';

const MONTH = /^20\d\d-(0[1-9]|1[0-2])$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly (string | null)[]).includes(value) ? (value as T) : undefined;
const muted = 'text-slate-600 dark:text-slate-400';
const link = 'font-semibold text-brand-700 underline dark:text-brand-300';

/** The list's filters as the URL keeps them: ?status=, ?month=, and the receivables screen's ?customer= and ?aging=. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const month = params.get('month');
  const customer = params.get('customer');
  const filters: InvoiceListQuery = {
    status: oneOf<InvoiceStatus>(INVOICE_STATUSES, params.get('status')),
    month: month && MONTH.test(month) ? month : undefined,
    customerId: customer && UUID.test(customer) ? customer : undefined,
    aging: oneOf<AgingBucket>(AGING_BUCKETS, params.get('aging')),
  };
  const set = (name: 'status' | 'month' | 'customer' | 'aging', value: string | null) =>
    setParams(withParam(params, name, value), { replace: true });
  return { filters, set };
}

/** The customer the list is narrowed to, by name, with the way back to every customer's. */
function CustomerFilter({ customerId, onClear }: { customerId: string; onClear: () => void }) {
  const customer = useCustomer(customerId);
  return (
    <p className={`text-sm ${muted}`}>
      Invoices of{' '}
      {customer.data ? (
        <Link href={`/admin/customers/${customerId}`} className={link}>
          {customer.data.customer.name}
        </Link>
      ) : (
        'one customer'
      )}
      .{' '}
      <button type="button" className={link} onClick={onClear}>
        Show every customer’s
      </button>
    </p>
  );
}

/**
 * /admin/invoices (issue 25): every invoice, newest month first, filtered by status and month (kept in
 * the URL, and by customer or days past due from the receivables screen's links); preparing a month's
 * drafts on demand, and approving and sending the drafts listed.
 */
export default function InvoicesPage() {
  const { filters, set } = useFilters();
  const invoices = useInvoices(filters);
  const mayPrepare = useRoleMay('create', 'invoice');
  const mayApprove = useRoleMay('update', 'invoice');
  const today = localToday();
  const drafts = invoices.data?.filter((invoice) => invoice.status === 'draft') ?? [];
  const narrowed = Object.values(filters).some(Boolean);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Invoices</h1>
          <p className={`mt-1 max-w-2xl ${muted}`}>
            One invoice a month per customer, with a section per property, billed from the visits the crews verified on site. Review the
            drafts, then approve and send them.
          </p>
        </div>
        <Link href="/admin/receivables" className={buttonClass({ variant: 'secondary' })}>
          <Landmark className="size-4" aria-hidden="true" />
          Receivables
        </Link>
      </div>
      <PrepareInvoicesCard mayPrepare={mayPrepare} />
      <div className="grid gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <Select
            label="Status"
            className="w-full sm:w-48"
            value={filters.status ?? ''}
            onChange={(event) => set('status', event.target.value)}
          >
            <option value="">Every status</option>
            {INVOICE_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_FILTER_LABELS[value]}
              </option>
            ))}
          </Select>
          <Select
            label="Month"
            className="w-full sm:w-64"
            value={filters.month ?? ''}
            onChange={(event) => set('month', event.target.value)}
          >
            <option value="">Every month</option>
            {/* A month from a link that is older than the picker reaches stays chosen. */}
            {[...new Set([...recentMonths(today), ...(filters.month ? [filters.month] : [])])].map((value) => (
              <option key={value} value={value}>
                {monthChoiceText(value, today)}
              </option>
            ))}
          </Select>
        </div>
        {filters.customerId ? <CustomerFilter customerId={filters.customerId} onClear={() => set('customer', null)} /> : null}
        {filters.aging ? (
          <p className={`text-sm ${muted}`}>
            Invoices still owed on that are{' '}
            <strong className="font-semibold text-slate-900 dark:text-white">
              {filters.aging === 'current' ? 'not yet due' : `${AGING_BUCKET_LABELS[filters.aging].toLowerCase()} past due`}
            </strong>
            .{' '}
            <button type="button" className={link} onClick={() => set('aging', null)}>
              Show them all
            </button>
          </p>
        ) : null}
      </div>
      {invoices.isPending ? (
        <p className={muted}>Loading invoices...</p>
      ) : invoices.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          Could not load the invoices. Refresh the page to try again.
        </p>
      ) : (
        <>
          {mayApprove && drafts.length ? <ApproveAllDrafts drafts={drafts} /> : null}
          {invoices.data.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
              <p className="font-semibold text-slate-900 dark:text-white">
                {narrowed ? 'No invoice matches these filters.' : 'No invoices yet.'}
              </p>
              <p className={`mx-auto mt-2 max-w-xl text-sm ${muted}`}>
                {filters.month
                  ? `Prepare ${monthText(filters.month)}’s invoices above to bill its visits.`
                  : 'Invoices are prepared from the service agreements and completed visits: by themselves on the 1st of each month, or above with Prepare invoices.'}
              </p>
            </div>
          ) : (
            <InvoicesTable
              invoices={invoices.data}
              caption={narrowed ? 'Invoices matching the filters, newest month first' : 'Invoices, newest month first'}
            />
          )}
        </>
      )}
    </div>
  );
}
