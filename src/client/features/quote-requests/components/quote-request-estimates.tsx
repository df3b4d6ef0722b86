import { FileSignature, UserCheck } from 'lucide-react';
import { Link } from 'wouter';
import type { QuoteRequest } from '../../../../shared/api/quote-requests';
import { EstimateStatusPill, estimateNumberText } from '../../../components/estimate-status-pill';
import { useQuoteRequestEstimates } from '../api/get-quote-request-estimates';

const link = 'font-semibold text-brand-700 hover:underline dark:text-brand-300';

/**
 * A request's estimates, drafts included, each linked to its page with its status; once won, the
 * customer it became and the service agreement. Read only for a request that has estimates.
 */
export function QuoteRequestEstimates({ quoteRequest }: { quoteRequest: QuoteRequest }) {
  const estimates = useQuoteRequestEstimates(quoteRequest.id, quoteRequest.estimateCount > 0);
  if (!estimates.data?.length) return null;
  const accepted = estimates.data.filter((estimate) => estimate.agreementId);
  return (
    <div className="mt-3 grid gap-2 text-sm">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <span className="font-medium text-slate-700 dark:text-slate-300">Estimates</span>
        {estimates.data.map((estimate) => (
          <span key={estimate.id} className="inline-flex items-center gap-2">
            <Link href={`/admin/estimates/${estimate.id}`} className={`${link} tabular-nums`}>
              {estimateNumberText(estimate)}
            </Link>
            <EstimateStatusPill status={estimate.status} />
          </span>
        ))}
      </div>
      {quoteRequest.status === 'won' && (quoteRequest.customer || accepted.length) ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <span className="font-medium text-slate-700 dark:text-slate-300">Won</span>
          {quoteRequest.customer ? (
            <Link href={`/admin/customers/${quoteRequest.customer.id}`} className={`${link} inline-flex items-center gap-1.5`}>
              <UserCheck className="size-4" aria-hidden="true" />
              {quoteRequest.customer.name}
            </Link>
          ) : null}
          {accepted.map((estimate) => (
            <Link
              key={estimate.id}
              href={`/admin/agreements/${estimate.agreementId}`}
              className={`${link} inline-flex items-center gap-1.5`}
            >
              <FileSignature className="size-4" aria-hidden="true" />
              Service agreement from estimate {estimateNumberText(estimate)}
            </Link>
          ))}
        </div>
      ) : null}
    </div>
  );
}
