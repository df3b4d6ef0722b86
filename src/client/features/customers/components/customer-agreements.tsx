import { Link } from 'wouter';
import { instantDateText, mediumDateText } from '../../../../shared/date-formats';
import { TERM_NAMES } from '../../../../shared/estimate-totals';
import { formatCents } from '../../../../shared/money';
import { useAgreements } from '../../../api/get-agreements';
import { AgreementStatusPill } from '../../../components/agreement-status-pill';
import { estimateNumberText } from '../../../components/estimate-status-pill';
import { cardClass } from '../../../components/ui/card';

/** A customer's service agreements, newest first: each one's state, term, what it comes to a month, and a link to it. */
export function CustomerAgreements({ customerId }: { customerId: string }) {
  const agreements = useAgreements({ customerId });
  return (
    <section aria-labelledby="agreements-title" className={cardClass()}>
      <h2 id="agreements-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Service agreements
      </h2>
      {agreements.isPending ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Loading...</p>
      ) : agreements.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          Could not load the agreements. Please refresh the page.
        </p>
      ) : agreements.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          None yet: an estimate the customer accepts becomes their service agreement.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
          {agreements.data.map((agreement) => (
            <li key={agreement.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3">
              <span className="min-w-0">
                <span className="flex flex-wrap items-center gap-2">
                  <Link
                    href={`/admin/agreements/${agreement.id}`}
                    className="font-semibold text-brand-700 hover:underline dark:text-brand-300"
                  >
                    {TERM_NAMES[agreement.term]} agreement from estimate{' '}
                    {estimateNumberText({ number: agreement.estimateNumber, version: agreement.estimateVersion })}
                  </Link>
                  <AgreementStatusPill status={agreement.status} />
                </span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">
                  Accepted {instantDateText(agreement.acceptedAt)} · service from {mediumDateText(agreement.startDate)}
                  {agreement.endsOn ? ` to ${mediumDateText(agreement.endsOn)}` : ''} ·{' '}
                  {agreement.properties.map((property) => property.name).join(', ')}
                </span>
              </span>
              <span className="text-sm text-slate-700 tabular-nums dark:text-slate-300">
                about <span className="font-semibold text-slate-900 dark:text-white">{formatCents(agreement.monthlyTotalCents)}</span> a
                month
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
