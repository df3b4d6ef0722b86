import { BadgeCheck, FileDown } from 'lucide-react';
import { Link } from 'wouter';
import type { ConsoleAgreement } from '../../../../shared/api/agreements';
import { useQuoteRequest } from '../../../api/get-quote-request';
import { AcceptanceEvidence, EvidenceItem } from '../../../components/acceptance-evidence';
import { estimateNumberText } from '../../../components/estimate-status-pill';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

const link = 'font-semibold text-brand-700 hover:underline dark:text-brand-300';

/**
 * Where the agreement came from: the estimate (its number and version), who accepted it, when and
 * from where, the hash of exactly what they accepted, the quote request it answered, and the signed copy.
 */
export function AgreementOriginCard({ agreement }: { agreement: ConsoleAgreement }) {
  const request = useQuoteRequest(agreement.quoteRequestId);
  return (
    <Card aria-labelledby="agreement-origin-title" padding="p-5" className="border-emerald-300 dark:border-emerald-800">
      <h2 id="agreement-origin-title" className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
        <BadgeCheck className="size-5 text-emerald-700 dark:text-emerald-400" aria-hidden="true" /> Accepted online
      </h2>
      <dl className="mt-3 grid gap-3">
        <EvidenceItem label="Estimate">
          <Link href={`/admin/estimates/${agreement.estimateId}`} className={link}>
            Estimate {estimateNumberText({ number: agreement.estimateNumber, version: agreement.estimateVersion })}
          </Link>
        </EvidenceItem>
        <AcceptanceEvidence acceptance={agreement.acceptance} />
        {request.data ? (
          <EvidenceItem label="Quote request">
            <Link href={`/admin/submissions?${new URLSearchParams({ status: 'all', q: request.data.email })}`} className={link}>
              {request.data.name}’s request for {request.data.service}
            </Link>
          </EvidenceItem>
        ) : null}
      </dl>
      <a href={agreement.signedPdfUrl} className={buttonClass({ variant: 'secondary', size: 'sm', className: 'mt-4' })}>
        <FileDown className="size-4" aria-hidden="true" />
        Download the signed copy (PDF)
      </a>
    </Card>
  );
}
