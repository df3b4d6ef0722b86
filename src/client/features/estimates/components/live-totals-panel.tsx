import { formatCents } from '../../../../shared/money';
import { cardClass } from '../../../components/ui/card';
import type { LiveTotals } from '../builder-totals';
import { TermTotalRow } from './term-total-row';

const row = 'flex items-baseline justify-between gap-3';
const quiet = 'text-slate-600 dark:text-slate-400';

/**
 * The estimate's figures as staff type, from the shared `estimateTotals`: each property's "about $X a
 * month", then in all per term offered (its discount off recurring work, tax added), one-time work
 * and its tax, and what the optional lines would add.
 */
export function LiveTotalsPanel({ totals, names }: { totals: LiveTotals | null; names: readonly string[] }) {
  return (
    <aside aria-labelledby="totals-title" data-live-totals className={cardClass({ padding: 'p-5', className: 'text-sm' })}>
      <h2 id="totals-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Totals
      </h2>
      {!totals ? (
        <p className={`mt-2 ${quiet}`}>Choose services and prices to see the totals.</p>
      ) : (
        <>
          <ul className="mt-3 grid gap-2 border-b border-slate-200 pb-3 dark:border-slate-800">
            {totals.base.properties.map((property, p) => (
              <li key={property.id} className={row}>
                <span className="min-w-0 truncate text-slate-700 dark:text-slate-300">{names[p] || `Property ${p + 1}`}</span>
                <span className="shrink-0 tabular-nums">about {formatCents(property.monthlyCents)} a month</span>
              </li>
            ))}
          </ul>
          <h3 className="mt-3 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Monthly, with tax</h3>
          <ul className="mt-2 grid gap-3">
            {totals.terms.map(({ term, discountBp, totals: termTotals }) => (
              <TermTotalRow key={term} term={term} discountBp={discountBp} monthlyTotalCents={termTotals.monthlyTotalCents} />
            ))}
          </ul>
          <p className={`mt-1 text-xs ${quiet}`}>
            {totals.base.monthlyTaxCents
              ? `Includes tax on taxable services, ${formatCents(totals.base.monthlyTaxCents)} a month before any discount.`
              : 'No sales tax on this recurring work.'}
          </p>
          <dl className="mt-3 grid gap-1 border-t border-slate-200 pt-3 dark:border-slate-800">
            <div className={row}>
              <dt className="text-slate-700 dark:text-slate-300">One time</dt>
              <dd className="tabular-nums">{formatCents(totals.base.oneTimeCents)}</dd>
            </div>
            <div className={row}>
              <dt className="text-slate-700 dark:text-slate-300">Tax on one-time work</dt>
              <dd className="tabular-nums">{formatCents(totals.base.oneTimeTaxCents)}</dd>
            </div>
            <div className={row}>
              <dt className="font-medium text-slate-900 dark:text-white">One-time total</dt>
              <dd data-one-time-total className="font-semibold text-slate-900 tabular-nums dark:text-white">
                {formatCents(totals.base.oneTimeTotalCents)}
              </dd>
            </div>
          </dl>
          {totals.optionalMonthlyCents || totals.optionalOneTimeCents ? (
            <p className={`mt-3 rounded-lg bg-slate-50 p-3 dark:bg-slate-950/60 ${quiet}`}>
              Not counted: the optional services, which would add{' '}
              {[
                totals.optionalMonthlyCents ? `about ${formatCents(totals.optionalMonthlyCents)} a month` : null,
                totals.optionalOneTimeCents ? `${formatCents(totals.optionalOneTimeCents)} one time` : null,
              ]
                .filter(Boolean)
                .join(' and ')}{' '}
              if the customer ticks them all (before discount and tax).
            </p>
          ) : null}
          {totals.incompleteLines ? (
            <p className="mt-3 text-amber-800 dark:text-amber-300">
              {totals.incompleteLines === 1 ? '1 line is' : `${totals.incompleteLines} lines are`} not counted yet: choose a service and a
              price.
            </p>
          ) : null}
        </>
      )}
    </aside>
  );
}
