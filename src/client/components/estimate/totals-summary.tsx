import type { PublicEstimate } from '../../../shared/api/estimates';
import { mediumDateText } from '../../../shared/date-formats';
import type { EstimateTotals } from '../../../shared/estimate-totals';
import { formatCents } from '../../../shared/money';
import { useLiveTotals } from './live-totals';

/** The estimate's figures in words, for the summary and the phone's bar alike. */
export function totalsInWords(totals: EstimateTotals) {
  return {
    monthly: totals.monthlyCents > 0 ? `About ${formatCents(totals.monthlyTotalCents)} a month` : null,
    oneTime: totals.oneTimeCents > 0 ? `${formatCents(totals.oneTimeTotalCents)} one time` : null,
  };
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * The whole estimate's figures as the choices stand, beside the accept button: a live region, so a
 * screen reader hears the new total when an option or the term changes.
 */
export function TotalsSummary({ estimate }: { estimate: PublicEstimate }) {
  const totals = useLiveTotals(estimate);
  const words = totalsInWords(totals);
  return (
    <section
      aria-labelledby="estimate-total"
      className="rounded-xl bg-brand-900 p-5 text-white dark:bg-brand-950 dark:ring-1 dark:ring-brand-800"
    >
      <h2 id="estimate-total" className="text-sm font-semibold uppercase tracking-wider text-emerald-300">
        Your total, {estimate.properties.length === 1 ? '1 property' : `${estimate.properties.length} properties`}
      </h2>
      <div aria-live="polite" aria-atomic="true">
        {words.monthly ? <p className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl">{words.monthly}</p> : null}
        <p
          className={
            words.monthly ? 'mt-1 text-lg font-semibold tabular-nums text-brand-100' : 'mt-1 text-2xl font-bold tabular-nums sm:text-3xl'
          }
        >
          {words.oneTime ? `plus ${words.oneTime}` : 'No one-time charges'}
        </p>
      </div>
      <dl className="mt-4 space-y-1 border-t border-white/20 pt-3 text-sm text-brand-100">
        <Row label="Services, each month" value={formatCents(totals.monthlyCents)} />
        {totals.monthlyDiscountCents > 0 ? <Row label="Term discount" value={`−${formatCents(totals.monthlyDiscountCents)}`} /> : null}
        <Row label="Sales tax, each month" value={formatCents(totals.monthlyTaxCents)} />
        {totals.oneTimeCents > 0 ? <Row label="One-time work, with tax" value={formatCents(totals.oneTimeTotalCents)} /> : null}
        <Row label="Service starts" value={mediumDateText(estimate.proposedStartDate)} />
      </dl>
    </section>
  );
}

/**
 * The live total, kept at the bottom of the screen while the properties scroll by (sticky, at the end
 * of their column), with a way to the accept form; it comes to rest just above the term and the form.
 */
export function TotalsBar({ estimate }: { estimate: PublicEstimate }) {
  const words = totalsInWords(useLiveTotals(estimate));
  return (
    <div className="sticky bottom-0 z-20 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(0_0_0/0.08)] backdrop-blur sm:mx-0 sm:rounded-t-xl sm:border-x dark:border-slate-800 dark:bg-slate-900/95">
      <div className="flex items-center justify-between gap-3">
        <p className="min-w-0 text-sm">
          <span className="block font-bold text-slate-900 tabular-nums dark:text-white">{words.monthly ?? words.oneTime}</span>
          {words.monthly && words.oneTime ? (
            <span className="block text-slate-600 tabular-nums dark:text-slate-400">plus {words.oneTime}</span>
          ) : null}
        </p>
        <a
          href="#accept"
          className="inline-flex h-11 shrink-0 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 dark:bg-brand-500 dark:text-slate-950"
        >
          Review &amp; accept
        </a>
      </div>
    </div>
  );
}
