import { Link } from 'wouter';
import type { EstimateSummary } from '../../../../shared/api/estimates';
import { instantDateText, mediumDateText } from '../../../../shared/date-formats';
import { formatCents } from '../../../../shared/money';
import { cardClass } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { estimateNumberText } from '../../../components/estimate-status-pill';
import { EstimateStatusPill } from '../../../components/estimate-status-pill';

const th = 'px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400';
const td = 'px-4 py-3 align-top';
const quiet = 'text-slate-600 dark:text-slate-400';

/** Each column's heading, and from which width it shows (a phone sees the estimate and the company). */
const COLUMNS: ReadonlyArray<[label: string, shown: string]> = [
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
    <div className={cardClass({ padding: '', className: 'overflow-x-auto' })}>
      <table className="w-full text-sm">
        <caption className="sr-only">Estimates, newest first: the latest version of each</caption>
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
          {estimates.map((estimate) => (
            <tr
              key={estimate.id}
              data-estimate={estimate.number}
              className="text-slate-800 hover:bg-slate-50 dark:text-slate-200 dark:hover:bg-slate-800/50"
            >
              <td className={cn(td, 'whitespace-nowrap')}>
                <Link
                  href={`/admin/estimates/${estimate.id}`}
                  className="font-semibold text-brand-700 tabular-nums hover:underline dark:text-brand-300"
                >
                  {estimateNumberText(estimate)}
                </Link>
              </td>
              <td className={td}>
                <span className="block font-semibold text-slate-900 dark:text-white">{estimate.companyName}</span>
                <span className={cn('block', quiet)}>{estimate.contactName}</span>
                {/* On a phone the amount and the status have no columns of their own. */}
                <span className="mt-1 flex flex-wrap items-center gap-2 sm:hidden">
                  <EstimateStatusPill status={estimate.status} />
                  <span className="tabular-nums">about {formatCents(estimate.monthlyCents)} a month</span>
                </span>
              </td>
              <td className={cn(td, 'hidden lg:table-cell', quiet)}>
                {estimate.propertyCount} {estimate.propertyCount === 1 ? 'property' : 'properties'}
              </td>
              <td className={cn(td, 'hidden text-right tabular-nums sm:table-cell')}>
                <span className="block whitespace-nowrap font-semibold text-slate-900 dark:text-white">
                  about {formatCents(estimate.monthlyCents)} a month
                </span>
                {estimate.oneTimeCents > 0 ? (
                  <span className={cn('block whitespace-nowrap', quiet)}>+ {formatCents(estimate.oneTimeCents)} one time</span>
                ) : null}
              </td>
              <td className={cn(td, 'hidden sm:table-cell')}>
                <EstimateStatusPill status={estimate.status} />
              </td>
              <td className={cn(td, 'hidden whitespace-nowrap tabular-nums md:table-cell')}>{mediumDateText(estimate.validUntil)}</td>
              <td className={cn(td, 'hidden whitespace-nowrap tabular-nums md:table-cell', quiet)}>
                {estimate.sentAt ? <time dateTime={estimate.sentAt}>{instantDateText(estimate.sentAt)}</time> : 'Not sent'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
