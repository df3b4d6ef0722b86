import type { EstimateProperty } from '../../../shared/api/estimates';
import { formatPercent, TERM_NAMES, type AgreementTerm, type PropertyTotals } from '../../../shared/estimate-totals';
import { formatCents } from '../../../shared/money';
import { JURISDICTION_NAMES } from '../../../shared/tax-jurisdictions';

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'font-semibold text-slate-900 dark:text-white' : ''}`}>
      <dt>{label}</dt>
      <dd className="shrink-0 tabular-nums">{value}</dd>
    </div>
  );
}

/** A property's money as the choices stand: its monthly amount, the term's discount, its tax (rate and where), and what it comes to. */
export function PropertyTotalsList({
  property,
  totals,
  term,
  discountBp,
}: {
  property: EstimateProperty;
  totals: PropertyTotals;
  term: AgreementTerm | undefined;
  discountBp: number;
}) {
  const taxCents = totals.monthlyTaxCents + totals.oneTimeTaxCents;
  return (
    <div className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700 dark:bg-slate-950 dark:text-slate-300">
      <dl className="space-y-1">
        {totals.monthlyCents > 0 ? <Row label="Recurring service" value={`${formatCents(totals.monthlyCents)} a month`} /> : null}
        {totals.monthlyDiscountCents > 0 && term ? (
          <Row
            label={`${TERM_NAMES[term]} discount (${formatPercent(discountBp)})`}
            value={`−${formatCents(totals.monthlyDiscountCents)} a month`}
          />
        ) : null}
        <Row
          label={`Sales tax ${formatPercent(property.taxRateBp)} (${JURISDICTION_NAMES[property.taxJurisdiction]})`}
          value={taxCents === 0 ? 'none' : formatCents(taxCents)}
        />
        {totals.monthlyCents > 0 ? <Row strong label="About a month" value={formatCents(totals.monthlyTotalCents)} /> : null}
        {totals.oneTimeCents > 0 ? <Row strong label="One-time work, with tax" value={formatCents(totals.oneTimeTotalCents)} /> : null}
      </dl>
      {taxCents === 0 ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Cleaning a lot or sidewalk is not taxed in Wisconsin.</p>
      ) : null}
    </div>
  );
}
