import { useFormContext, useWatch } from 'react-hook-form';
import type { PublicEstimate } from '../../../shared/api/estimates';
import { formatPercent, TERM_NAMES, type AgreementTerm } from '../../../shared/estimate-totals';
import { formatCents } from '../../../shared/money';
import { Fieldset } from '../ui/fieldset';
import { totalsFor, type AcceptValues } from './live-totals';

/** "12 months — save 10%", or "Month-to-month — no commitment". */
export function termLabel(term: AgreementTerm, discountBp: number) {
  if (term === 'month-to-month') return `${TERM_NAMES[term]} — no long-term contract`;
  return discountBp > 0 ? `${TERM_NAMES[term]} — save ${formatPercent(discountBp)}` : TERM_NAMES[term];
}

/** The terms offered, each with its discount and what the chosen options come to a month on it. */
export function TermChoice({ estimate }: { estimate: PublicEstimate }) {
  const { register, control, formState } = useFormContext<AcceptValues>();
  const chosen = useWatch({ control, name: 'optionalLineIds' }) ?? [];
  return (
    <Fieldset
      legend="Choose your term"
      hint="A longer term lowers the price of recurring service; one-time work is never discounted."
      error={formState.errors.term?.message}
      legendClassName="text-base font-semibold text-slate-900 dark:text-white"
    >
      <div className="mt-2 space-y-2">
        {estimate.termsOffered.map((term) => {
          const discountBp = estimate.termDiscounts[term] ?? 0;
          const monthly = totalsFor(estimate, term, chosen).monthlyTotalCents;
          return (
            <label
              key={term}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-600 dark:border-slate-700 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-brand-950/50 dark:has-[:checked]:ring-brand-400"
            >
              <input
                type="radio"
                value={term}
                className="mt-1 size-4 shrink-0 accent-brand-700 dark:accent-brand-400"
                {...register('term')}
              />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-slate-900 dark:text-white">{termLabel(term, discountBp)}</span>
                {monthly > 0 ? (
                  <span className="block text-sm text-slate-600 tabular-nums dark:text-slate-400">
                    About {formatCents(monthly)} a month
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </Fieldset>
  );
}
