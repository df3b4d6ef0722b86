import type { PropertyTotals } from '../../../../shared/estimate-totals';
import { formatCents } from '../../../../shared/money';
import { cn } from '../../../lib/cn';

/** A property's figures: about $X a month, its one-time work and its tax (no term discount, the options as chosen). */
export function PropertyFigures({ totals, className }: { totals: PropertyTotals | undefined; className?: string }) {
  if (!totals) return null;
  const taxed = totals.monthlyTaxCents + totals.oneTimeTaxCents > 0;
  return (
    <p data-property-totals className={cn('text-sm text-slate-700 tabular-nums dark:text-slate-300', className)}>
      <span className="font-semibold text-slate-900 dark:text-white">about {formatCents(totals.monthlyCents)} a month</span>
      {totals.oneTimeCents ? ` · ${formatCents(totals.oneTimeCents)} one time` : ''}
      {' · '}
      {taxed
        ? `tax ${formatCents(totals.monthlyTaxCents)} a month${totals.oneTimeTaxCents ? `, ${formatCents(totals.oneTimeTaxCents)} one time` : ''}`
        : 'no sales tax'}
    </p>
  );
}
