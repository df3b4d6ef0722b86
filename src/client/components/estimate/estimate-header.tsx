import type { PublicEstimate } from '../../../shared/api/estimates';
import { company } from '../../../shared/company';
import { instantDateText, mediumDateText } from '../../../shared/date-formats';
import { cardClass } from '../ui/card';

/** "Estimate 1001", with its version once it has been revised. */
export const estimateTitle = ({ number, version }: Pick<PublicEstimate, 'number' | 'version'>) =>
  version > 1 ? `Estimate ${number}, version ${version}` : `Estimate ${number}`;

/** The top of the estimate: who it is from and for, its dates, and the note from the office. */
export function EstimateHeader({ estimate }: { estimate: PublicEstimate }) {
  const dates = [
    ...(estimate.sentAt ? [['Sent', instantDateText(estimate.sentAt)]] : []),
    ['Valid until', mediumDateText(estimate.validUntil)],
    ['Proposed start', mediumDateText(estimate.proposedStartDate)],
  ];
  return (
    <header className={cardClass({ className: 'overflow-hidden', padding: 'p-0' })}>
      <div className="bg-brand-900 px-5 py-6 text-white sm:px-8 dark:bg-brand-950">
        <p className="text-sm font-semibold uppercase tracking-wider text-emerald-300">{company.name} · Service estimate</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{estimateTitle(estimate)}</h1>
        <p className="mt-2 text-lg text-brand-100">
          Prepared for <span className="font-semibold text-white">{estimate.companyName}</span>, attention{' '}
          <span className="font-semibold text-white">{estimate.contactName}</span>
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-px bg-slate-200 dark:bg-slate-800">
        {dates.map(([label, value]) => (
          <div key={label} className="bg-white px-3 py-3 sm:px-8 dark:bg-slate-900">
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="mt-0.5 text-sm font-semibold text-slate-900 sm:text-base dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
      {estimate.note ? (
        <div className="border-t border-slate-200 px-5 py-5 sm:px-8 dark:border-slate-800">
          <h2 className="text-sm font-semibold text-slate-900 dark:text-white">A note from {company.name}</h2>
          <p className="mt-1 whitespace-pre-line text-slate-700 dark:text-slate-300">{estimate.note}</p>
        </div>
      ) : null}
    </header>
  );
}
