import { Link } from 'wouter';
import type { InvoiceSummary } from '../../../../shared/api/invoices';
import { mediumDateText } from '../../../../shared/date-formats';
import { formatCents } from '../../../../shared/money';
import { InvoiceStatusPill } from '../../../components/billing/invoice-status-text';
import { ListRow, ListTable, recordLinkClass, td, tdQuiet, type ListColumn } from '../../../components/ui/list-table';
import { cn } from '../../../lib/cn';
import { invoiceNumberText, periodText } from '../invoice-text';

/** Each column's heading, and from which width it shows (a phone sees the invoice and the customer, with the rest under it). */
const COLUMNS: readonly ListColumn[] = [
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
    <ListTable caption={caption} columns={COLUMNS}>
      {invoices.map((invoice) => (
        <ListRow key={invoice.id} data-invoice={invoice.id}>
          <td className={cn(td, 'whitespace-nowrap')}>
            <Link href={`/admin/invoices/${invoice.id}`} className={recordLinkClass}>
              {invoiceNumberText(invoice)}
              {invoice.number ? null : <span className="sr-only"> invoice for {invoice.customerName}</span>}
            </Link>
          </td>
          <td className={td}>
            <span className="block font-semibold text-slate-900 dark:text-white">{invoice.customerName}</span>
            {invoice.propertyName ? <span className={cn('block', tdQuiet)}>{invoice.propertyName}</span> : null}
            {/* On a phone the period, amount and status have no columns of their own. */}
            <span className={cn('block md:hidden', tdQuiet)}>{periodText(invoice.periodStart, invoice.periodEnd)}</span>
            <span className="mt-1 flex flex-wrap items-center gap-2 sm:hidden">
              <InvoiceStatusPill status={invoice.status} />
              <span className="tabular-nums">
                {formatCents(invoice.amountDueCents)} due{invoice.dueOn ? ` ${mediumDateText(invoice.dueOn)}` : ''}
              </span>
            </span>
          </td>
          <td className={cn(td, 'hidden whitespace-nowrap md:table-cell', tdQuiet)}>
            {periodText(invoice.periodStart, invoice.periodEnd)}
          </td>
          <td className={cn(td, 'hidden text-right whitespace-nowrap tabular-nums sm:table-cell')}>{formatCents(invoice.totalCents)}</td>
          <td
            className={cn(
              td,
              'hidden text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums sm:table-cell dark:text-white',
            )}
          >
            {formatCents(invoice.amountDueCents)}
          </td>
          <td className={cn(td, 'hidden whitespace-nowrap tabular-nums lg:table-cell')}>
            {invoice.dueOn ? mediumDateText(invoice.dueOn) : <span className={tdQuiet}>On approval</span>}
          </td>
          <td className={cn(td, 'hidden sm:table-cell')}>
            <InvoiceStatusPill status={invoice.status} />
          </td>
        </ListRow>
      ))}
    </ListTable>
  );
}
