import { FileSignature } from 'lucide-react';
import { Link } from 'wouter';
import { NEW_AGREEMENT_DAYS, type AgreementSummary } from '../../../../shared/api/agreements';
import { instantDateText, shortWeekdayDateText } from '../../../../shared/date-formats';
import { TERM_NAMES } from '../../../../shared/estimate-totals';
import { formatCents } from '../../../../shared/money';
import type { useAgreements } from '../../../api/get-agreements';
import { estimateNumberText } from '../../../components/estimate-status-pill';
import { NeedsCrewBadge, needsCrew } from '../../../components/needs-crew-badge';
import { cardClass } from '../../../components/ui/card';

/** One new agreement: its customer (linked to the agreement), what it comes to a month, and the first visit at each property. */
function NewAgreement({ agreement }: { agreement: AgreementSummary }) {
  return (
    <li className="py-3" data-agreement={agreement.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <Link href={`/admin/agreements/${agreement.id}`} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
          {agreement.customer.name}
        </Link>
        <span className="text-sm text-slate-700 tabular-nums dark:text-slate-300">
          about <span className="font-semibold text-slate-900 dark:text-white">{formatCents(agreement.monthlyTotalCents)}</span> a month
        </span>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {TERM_NAMES[agreement.term]} · estimate{' '}
        {estimateNumberText({ number: agreement.estimateNumber, version: agreement.estimateVersion })} · accepted{' '}
        {instantDateText(agreement.acceptedAt)}
      </p>
      <ul className="mt-1.5 grid gap-1 text-sm" aria-label={`First visits for ${agreement.customer.name}`}>
        {agreement.properties.map((property) => (
          <li key={property.propertyId} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-800 dark:text-slate-200">
            <span className="font-medium">{property.name}:</span>
            {property.firstVisit ? (
              <>
                <Link href={`/admin/visits/${property.firstVisit.id}`} className="text-brand-700 hover:underline dark:text-brand-300">
                  first visit {shortWeekdayDateText(property.firstVisit.date)}
                </Link>
                {needsCrew(property.firstVisit) ? <NeedsCrewBadge /> : null}
              </>
            ) : (
              <span className="text-slate-600 dark:text-slate-400">as needed, no visit due</span>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The office sees each new agreement and its first visits (issue 24): who signed, what it is worth,
 * when the crews start. The overview reads them (NEW_AGREEMENTS_FILTER) with its figures.
 */
export function NewAgreements({ agreements }: { agreements: ReturnType<typeof useAgreements> }) {
  return (
    <section aria-labelledby="new-agreements-title" className={cardClass({ padding: 'p-6' })}>
      <h2 id="new-agreements-title" className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
        <FileSignature className="size-4" aria-hidden="true" />
        New agreements
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Estimates accepted in the last {NEW_AGREEMENT_DAYS} days, and when service starts.
      </p>
      {agreements.isPending ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">Loading...</p>
      ) : agreements.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          Could not load the new agreements. Please refresh the page.
        </p>
      ) : agreements.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">No estimate was accepted in the last {NEW_AGREEMENT_DAYS} days.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
          {agreements.data.map((agreement) => (
            <NewAgreement key={agreement.id} agreement={agreement} />
          ))}
        </ul>
      )}
    </section>
  );
}
