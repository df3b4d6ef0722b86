import { Link } from 'wouter';
import type { InvoiceSummary } from '../../../../shared/api/invoices';
import { mediumDateText } from '../../../../shared/date-formats';
import { formatCents } from '../../../../shared/money';
import { InvoiceStatusPill } from '../../../components/billing/invoice-status-text';
import { cardClass } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { invoiceNumberText, periodText } from '../invoice-text';

const th = 'px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400';
const td = 'px-4 py-3 align-top';
const quiet = 'text-slate-600 dark:text-slate-400';

/** Each column's heading, and from which width it shows (a phone sees the invoice and the customer, with the rest under it). */
const COLUMNS: ReadonlyArray<[label: string, shown: string]> = [
  ['Invoice', ''],
  ['Customer', ''],
  ['Period', 'hidden md:table-cell'],
  ['Total', 'hidden text-right sm:table-cell'],
  ['Amount due', 'hidden text-right sm:table-cell'],
  ['Due', 'hidden lg:table-cell'],
  ['Status', 'hidden sm:table-cell'],
];

/** The invoices, one per row, newest month first. */
export function InvoicesTable({ invoices, caption }: { invoices: InvoiceSummary[]; caption: string }) {
  return (
    <div className={cardClass({ padding: '', className: 'overflow-x-auto' })}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950/60">
          <tr>
            {COLUMNS.map(([label, shown]) => (
              <th key={label} scope="col" className={cn(th, shown)}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {invoices.map((invoice) => (
            <tr
              key={invoice.id}
              data-invoice={invoice.id}
              className="text-slate-800 hover:bg-slate-50 dark:text-slate-200 dark:hover:bg-slate-800/50"
            >
              <td className={cn(td, 'whitespace-nowrap')}>
                <Link
                  href={`/admin/invoices/${invoice.id}`}
                  className="font-semibold text-brand-700 tabular-nums hover:underline dark:text-brand-300"
                >
                  {invoiceNumberText(invoice)}
                  {invoice.number ? null : <span className="sr-only"> invoice for {invoice.customerName}</span>}
                </Link>
              </td>
              <td className={td}>
                <span className="block font-semibold text-slate-900 dark:text-white">{invoice.customerName}</span>
                {invoice.propertyName ? <span className={cn('block', quiet)}>{invoice.propertyName}</span> : null}
                {/* On a phone the period, amount and status have no columns of their own. */}
                <span className={cn('block md:hidden', quiet)}>{periodText(invoice.periodStart, invoice.periodEnd)}</span>
                <span className="mt-1 flex flex-wrap items-center gap-2 sm:hidden">
                  <InvoiceStatusPill status={invoice.status} />
                  <span className="tabular-nums">
                    {formatCents(invoice.amountDueCents)} due{invoice.dueOn ? ` ${mediumDateText(invoice.dueOn)}` : ''}
                  </span>
                </span>
              </td>
              <td className={cn(td, 'hidden whitespace-nowrap md:table-cell', quiet)}>
                {periodText(invoice.periodStart, invoice.periodEnd)}
              </td>
              <td className={cn(td, 'hidden text-right whitespace-nowrap tabular-nums sm:table-cell')}>
                {formatCents(invoice.totalCents)}
              </td>
              <td
                className={cn(
                  td,
                  'hidden text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums sm:table-cell dark:text-white',
                )}
              >
                {formatCents(invoice.amountDueCents)}
              </td>
              <td className={cn(td, 'hidden whitespace-nowrap tabular-nums lg:table-cell')}>
                {invoice.dueOn ? mediumDateText(invoice.dueOn) : <span className={quiet}>On approval</span>}
              </td>
              <td className={cn(td, 'hidden sm:table-cell')}>
                <InvoiceStatusPill status={invoice.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
