import type { ConsoleAgreement } from '../../../../shared/api/agreements';
import { instantDateText, mediumDateText } from '../../../../shared/date-formats';
import { formatPercent, TERM_NAMES } from '../../../../shared/estimate-totals';
import { formatCents } from '../../../../shared/money';
import { Card } from '../../../components/ui/card';

const row = 'flex items-baseline justify-between gap-3 text-sm';
const quiet = 'text-slate-600 dark:text-slate-400';
const value = 'text-right text-slate-900 tabular-nums dark:text-white';

/** When it renews or ends, in words: a fixed term renews month to month; notice given ends it; month-to-month runs on. */
function renewalText(agreement: ConsoleAgreement): [label: string, text: string] {
  if (agreement.status === 'ended') return ['Ended', agreement.endsOn ? mediumDateText(agreement.endsOn) : 'Ended'];
  if (agreement.status === 'ending') return ['Last day of service', mediumDateText(agreement.endsOn!)];
  if (agreement.renewsOn) return ['Renews month to month', mediumDateText(agreement.renewsOn)];
  return ['Renews', 'Every month, until either side gives 30 days’ notice'];
}

/** What the agreement comes to (as accepted, to the cent) and its dates: term, discount, start, end, renewal or notice. */
export function AgreementTermsCard({ agreement }: { agreement: ConsoleAgreement }) {
  const { totals } = agreement;
  const [renewalLabel, renewal] = renewalText(agreement);
  return (
    <Card aria-labelledby="agreement-terms-title" padding="p-5">
      <h2 id="agreement-terms-title" className="text-base font-semibold text-slate-900 dark:text-white">
        Price and term
      </h2>
      <p className="mt-3 text-sm text-slate-700 tabular-nums dark:text-slate-300" data-agreement-monthly>
        about <span className="text-2xl font-bold text-slate-900 dark:text-white">{formatCents(totals.monthlyTotalCents)}</span> a month
      </p>
      <dl className="mt-3 grid gap-1.5">
        <div className={row}>
          <dt className={quiet}>Services a month</dt>
          <dd className={value}>{formatCents(totals.monthlyCents)}</dd>
        </div>
        {totals.monthlyDiscountCents ? (
          <div className={row}>
            <dt className={quiet}>{formatPercent(agreement.discountBp)} term discount</dt>
            <dd className={value}>−{formatCents(totals.monthlyDiscountCents)}</dd>
          </div>
        ) : null}
        <div className={row}>
          <dt className={quiet}>Sales tax a month</dt>
          <dd className={value}>{formatCents(totals.monthlyTaxCents)}</dd>
        </div>
        <div className={row}>
          <dt className={quiet}>One time, with {formatCents(totals.oneTimeTaxCents)} tax</dt>
          <dd className={value}>{formatCents(totals.oneTimeTotalCents)}</dd>
        </div>
      </dl>
      <dl className="mt-3 grid gap-1.5 border-t border-slate-200 pt-3 dark:border-slate-800">
        <div className={row}>
          <dt className={quiet}>Term</dt>
          <dd className={value}>{TERM_NAMES[agreement.term]}</dd>
        </div>
        <div className={row}>
          <dt className={quiet}>Service starts</dt>
          <dd className={value}>{mediumDateText(agreement.startDate)}</dd>
        </div>
        {agreement.termEndDate ? (
          <div className={row}>
            <dt className={quiet}>Term ends</dt>
            <dd className={value}>{mediumDateText(agreement.termEndDate)}</dd>
          </div>
        ) : null}
        <div className={row}>
          <dt className={quiet}>{renewalLabel}</dt>
          <dd className={value}>{renewal}</dd>
        </div>
        {agreement.noticeGivenAt ? (
          <div className={row}>
            <dt className={quiet}>Notice given from the portal</dt>
            <dd className={value}>{instantDateText(agreement.noticeGivenAt)}</dd>
          </div>
        ) : null}
      </dl>
    </Card>
  );
}
