import { TERM_NAMES, type AgreementTerm, type BasisPoints } from '../../../../shared/estimate-totals';
import { formatCents } from '../../../../shared/money';
import { discountText } from './terms-fields';

/** One term's monthly total with tax: the term and its discount on the left, "about $X a month" on the right. */
export function TermTotalRow({
  term,
  discountBp,
  monthlyTotalCents,
}: {
  term: AgreementTerm;
  discountBp: BasisPoints;
  monthlyTotalCents: number;
}) {
  return (
    <li data-term={term} className="flex items-start justify-between gap-3">
      <span className="min-w-0">
        <span className="block text-sm font-medium text-slate-900 dark:text-white">{TERM_NAMES[term]}</span>
        <span className="block text-xs text-slate-600 dark:text-slate-400">{discountText(discountBp)}</span>
      </span>
      <span className="shrink-0 text-right text-sm text-slate-700 tabular-nums dark:text-slate-300">
        about <span className="text-base font-bold text-slate-900 dark:text-white">{formatCents(monthlyTotalCents)}</span> a month
      </span>
    </li>
  );
}
