import { Link } from 'wouter';
import type { EstimateSummary } from '../../../../shared/api/estimates';
import { instantDateText, mediumDateText } from '../../../../shared/date-formats';
import { formatCents } from '../../../../shared/money';
import { ListRow, ListTable, recordLinkClass, td, tdQuiet, type ListColumn } from '../../../components/ui/list-table';
import { cn } from '../../../lib/cn';
import { estimateNumberText } from '../../../components/estimate-status-pill';
import { EstimateStatusPill } from '../../../components/estimate-status-pill';

/** Each column's heading, and from which width it shows (a phone sees the estimate and the company). */
const COLUMNS: readonly ListColumn[] = [
  ['Estimate', ''],
  ['Company', ''],
  ['Properties', 'hidden lg:table-cell'],
  ['Amount', 'hidden text-right sm:table-cell'],
  ['Status', 'hidden sm:table-cell'],
  ['Valid until', 'hidden md:table-cell'],
  ['Sent', 'hidden md:table-cell'],
];

/** The estimates, one per row; on a phone the number and the company, with the status and amount under it. */
export function EstimatesTable({ estimates }: { estimates: EstimateSummary[] }) {
  return (
    <ListTable caption={'Estimates, newest first: the latest version of each'} columns={COLUMNS}>
      {estimates.map((estimate) => (
        <ListRow key={estimate.id} data-estimate={estimate.number}>
          <td className={cn(td, 'whitespace-nowrap')}>
            <Link href={`/admin/estimates/${estimate.id}`} className={recordLinkClass}>
              {estimateNumberText(estimate)}
            </Link>
          </td>
          <td className={td}>
            <span className="block font-semibold text-slate-900 dark:text-white">{estimate.companyName}</span>
            <span className={cn('block', tdQuiet)}>{estimate.contactName}</span>
            {/* On a phone the amount and the status have no columns of their own. */}
            <span className="mt-1 flex flex-wrap items-center gap-2 sm:hidden">
              <EstimateStatusPill status={estimate.status} />
              <span className="tabular-nums">about {formatCents(estimate.monthlyCents)} a month</span>
            </span>
          </td>
          <td className={cn(td, 'hidden lg:table-cell', tdQuiet)}>
            {estimate.propertyCount} {estimate.propertyCount === 1 ? 'property' : 'properties'}
          </td>
          <td className={cn(td, 'hidden text-right tabular-nums sm:table-cell')}>
            <span className="block whitespace-nowrap font-semibold text-slate-900 dark:text-white">
              about {formatCents(estimate.monthlyCents)} a month
            </span>
            {estimate.oneTimeCents > 0 ? (
              <span className={cn('block whitespace-nowrap', tdQuiet)}>+ {formatCents(estimate.oneTimeCents)} one time</span>
            ) : null}
          </td>
          <td className={cn(td, 'hidden sm:table-cell')}>
            <EstimateStatusPill status={estimate.status} />
          </td>
          <td className={cn(td, 'hidden whitespace-nowrap tabular-nums md:table-cell')}>{mediumDateText(estimate.validUntil)}</td>
          <td className={cn(td, 'hidden whitespace-nowrap tabular-nums md:table-cell', tdQuiet)}>
            {estimate.sentAt ? <time dateTime={estimate.sentAt}>{instantDateText(estimate.sentAt)}</time> : 'Not sent'}
          </td>
        </ListRow>
      ))}
    </ListTable>
  );
}
