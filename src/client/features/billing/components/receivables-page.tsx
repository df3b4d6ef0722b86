import { Link } from 'wouter';
import { AGING_BUCKET_LABELS } from '../../../../shared/api/payments';
import { mediumDateText } from '../../../../shared/date-formats';
import { formatCents } from '../../../../shared/money';
import { useReceivables } from '../../../api/billing';
import { cardClass } from '../../../components/ui/card';
import { TableHead } from '../../../components/ui/table-head';
import { AccountingExportCard } from './accounting-export-card';

const muted = 'text-sm text-slate-600 dark:text-slate-400';
const link = 'font-semibold text-brand-700 hover:underline dark:text-brand-300';
const invoicesWhere = (query: Record<string, string>) => `/admin/invoices?${new URLSearchParams(query)}`;

/**
 * Receivables (issue 25): what customers owe, by age, the days sales outstanding, and who owes
 * the most; each figure links to the invoices behind it.
 */
export default function ReceivablesPage() {
  const receivables = useReceivables();
  return (
    <div className="grid grid-cols-1 gap-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Receivables</h1>
        <p className={`mt-1 ${muted}`}>What customers owe on sent invoices, late fees included, less what they paid or were credited.</p>
      </div>
      {receivables.isPending ? (
        <p className={muted}>Loading receivables...</p>
      ) : receivables.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          Could not load receivables. Please refresh the page.
        </p>
      ) : (
        <>
          <section aria-labelledby="aging-title" className={cardClass()}>
            <div className="flex flex-wrap items-baseline justify-between gap-3">
              <h2 id="aging-title" className="text-lg font-semibold text-slate-900 dark:text-white">
                Aging on {mediumDateText(receivables.data.asOf)}
              </h2>
              <p className="text-2xl font-bold text-slate-900 tabular-nums dark:text-white">
                <span className="sr-only">Total owed: </span>
                {formatCents(receivables.data.totalCents)}
              </p>
            </div>
            <ul className="mt-4 grid gap-3 sm:grid-cols-5">
              {receivables.data.aging.map((bucket) => (
                <li key={bucket.bucket} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                  <p className={muted}>{AGING_BUCKET_LABELS[bucket.bucket]}</p>
                  <p className="text-xl font-bold text-slate-900 tabular-nums dark:text-white">{formatCents(bucket.amountCents)}</p>
                  {bucket.invoiceCount ? (
                    <Link href={invoicesWhere({ aging: bucket.bucket })} className={`text-sm ${link}`}>
                      {bucket.invoiceCount === 1 ? '1 invoice' : `${bucket.invoiceCount} invoices`}
                      <span className="sr-only"> {AGING_BUCKET_LABELS[bucket.bucket].toLowerCase()}</span>
                    </Link>
                  ) : (
                    <p className={muted}>No invoices</p>
                  )}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="dso-title" className={cardClass()}>
            <h2 id="dso-title" className="text-lg font-semibold text-slate-900 dark:text-white">
              Days sales outstanding
            </h2>
            <p className="mt-2 text-2xl font-bold text-slate-900 tabular-nums dark:text-white">
              {receivables.data.daysSalesOutstanding === null ? 'Nothing invoiced yet' : `${receivables.data.daysSalesOutstanding} days`}
            </p>
            <p className={`mt-1 ${muted}`}>
              Owed today over the {formatCents(receivables.data.invoicedLast90Cents)} invoiced in the last 90 days, times 90.
              {receivables.data.creditCents ? ` Customers also hold ${formatCents(receivables.data.creditCents)} in credit.` : ''}
            </p>
          </section>
          <section aria-labelledby="top-title" className={cardClass()}>
            <h2 id="top-title" className="text-lg font-semibold text-slate-900 dark:text-white">
              Who owes the most
            </h2>
            {receivables.data.topCustomers.length ? (
              <div className="mt-3 overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <TableHead
                    className="text-slate-600 dark:text-slate-400"
                    cellClass="py-2 pr-4 font-semibold last:pr-0"
                    columns={[['Customer'], ['Invoices'], ['Overdue', 'text-right'], ['Owed', 'text-right']]}
                  />
                  <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                    {receivables.data.topCustomers.map((customer) => (
                      <tr key={customer.customerId}>
                        <td className="py-2 pr-4">
                          <Link href={`/admin/customers/${customer.customerId}`} className={link}>
                            {customer.customerName}
                          </Link>
                        </td>
                        <td className="py-2 pr-4">
                          <Link href={invoicesWhere({ customer: customer.customerId })} className={link}>
                            {customer.invoiceCount === 1 ? '1 open invoice' : `${customer.invoiceCount} open invoices`}
                          </Link>
                        </td>
                        <td className="py-2 pr-4 text-right tabular-nums">{formatCents(customer.overdueCents)}</td>
                        <td className="py-2 text-right font-semibold tabular-nums">{formatCents(customer.amountCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className={`mt-2 ${muted}`}>Nobody owes anything. Every sent invoice is paid.</p>
            )}
          </section>
        </>
      )}
      <AccountingExportCard />
    </div>
  );
}
