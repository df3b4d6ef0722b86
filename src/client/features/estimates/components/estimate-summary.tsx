import type { Estimate } from '../../../../shared/api/estimates';
import { mediumDateText } from '../../../../shared/date-formats';
import { formatCents } from '../../../../shared/money';
import { Card } from '../../../components/ui/card';
import type { estimateFigures } from './estimate-figures';
import { TermTotalRow } from './term-total-row';

const row = 'flex items-baseline justify-between gap-3 text-sm';
const quiet = 'text-slate-600 dark:text-slate-400';

/** The estimate in figures: each term's monthly total with tax, the one-time total, the start and the last valid day. */
export function EstimateSummary({ estimate, figures }: { estimate: Estimate; figures: ReturnType<typeof estimateFigures> }) {
  return (
    <Card aria-labelledby="summary-title" padding="p-5">
      <h2 id="summary-title" className="text-base font-semibold text-slate-900 dark:text-white">
        {estimate.acceptance ? 'As accepted' : 'In all'}
      </h2>
      <ul className="mt-3 grid gap-3">
        {figures.terms.map(({ term, discountBp, totals }) => (
          <TermTotalRow key={term} term={term} discountBp={discountBp} monthlyTotalCents={totals.monthlyTotalCents} />
        ))}
      </ul>
      <dl className="mt-3 grid gap-1 border-t border-slate-200 pt-3 dark:border-slate-800">
        <div className={row}>
          <dt className={quiet}>One-time total, with {formatCents(figures.base.oneTimeTaxCents)} tax</dt>
          <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">{formatCents(figures.base.oneTimeTotalCents)}</dd>
        </div>
        <div className={row}>
          <dt className={quiet}>Proposed start</dt>
          <dd className="text-slate-900 dark:text-white">{mediumDateText(estimate.proposedStartDate)}</dd>
        </div>
        <div className={row}>
          <dt className={quiet}>Valid until</dt>
          <dd className="text-slate-900 dark:text-white">{mediumDateText(estimate.validUntil)}</dd>
        </div>
      </dl>
    </Card>
  );
}
