import { Link } from 'wouter';
import type { QuoteRequest } from '../../../../shared/api/quote-requests';
import { EstimateStatusPill, estimateNumberText } from '../../../components/estimate-status-pill';
import { useQuoteRequestEstimates } from '../api/get-quote-request-estimates';

/** A quoted or won request's estimates: each number, linked to its page, with its status. */
export function QuoteRequestEstimates({ quoteRequest }: { quoteRequest: QuoteRequest }) {
  const estimates = useQuoteRequestEstimates(quoteRequest.id, quoteRequest.status === 'quoted' || quoteRequest.status === 'won');
  if (!estimates.data?.length) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      <span className="font-medium text-slate-700 dark:text-slate-300">Estimates</span>
      {estimates.data.map((estimate) => (
        <span key={estimate.id} className="inline-flex items-center gap-2">
          <Link
            href={`/admin/estimates/${estimate.id}`}
            className="font-semibold text-brand-700 tabular-nums hover:underline dark:text-brand-300"
          >
            {estimateNumberText(estimate)}
          </Link>
          <EstimateStatusPill status={estimate.status} />
        </span>
      ))}
    </div>
  );
}
