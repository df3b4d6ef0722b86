import { BadgeCheck, FileSignature } from 'lucide-react';
import { Link } from 'wouter';
import type { Estimate } from '../../../../shared/api/estimates';
import { TERM_NAMES } from '../../../../shared/estimate-totals';
import { AcceptanceEvidence, EvidenceItem } from '../../../components/acceptance-evidence';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** The evidence of an acceptance, kept like the quote form's consent: who, as what, when, which term and options, and the hash of exactly what they accepted. */
export function AcceptanceCard({ estimate }: { estimate: Estimate }) {
  const { acceptance } = estimate;
  if (!acceptance) return null;
  const options = acceptance.optionalLineIds.length;
  return (
    <Card aria-labelledby="acceptance-title" padding="p-5" className="border-emerald-300 dark:border-emerald-800">
      <h2 id="acceptance-title" className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
        <BadgeCheck className="size-5 text-emerald-700 dark:text-emerald-400" aria-hidden="true" /> Accepted online
      </h2>
      <dl className="mt-3 grid gap-3">
        <AcceptanceEvidence acceptance={acceptance}>
          <EvidenceItem label="Term and options">
            {TERM_NAMES[acceptance.term]},{' '}
            {options === 0 ? 'no optional service' : options === 1 ? '1 optional service' : `${options} optional services`}
          </EvidenceItem>
        </AcceptanceEvidence>
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        {estimate.agreementId ? (
          <Link href={`/admin/agreements/${estimate.agreementId}`} className={buttonClass({ size: 'sm' })}>
            <FileSignature className="size-4" aria-hidden="true" />
            Open the service agreement
          </Link>
        ) : null}
        {estimate.customerId ? (
          <Link
            href={`/admin/customers/${estimate.customerId}`}
            className="font-semibold text-brand-700 hover:underline dark:text-brand-300"
          >
            The customer
          </Link>
        ) : null}
      </div>
    </Card>
  );
}
