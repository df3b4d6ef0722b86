import { useState } from 'react';
import { useParams, useSearch } from 'wouter';
import { company } from '../../../../shared/company';
import { mediumDateText } from '../../../../shared/date-formats';
import { ApiError, readableError } from '../../../lib/api-client';
import { useEstimate } from '../api/get-estimate';
import { AcceptedConfirmation } from './accepted-confirmation';
import { EstimateFrame } from './estimate-frame';
import { EstimateHeader, estimateTitle } from './estimate-header';
import { EstimateOffer } from './estimate-offer';
import { DeclinedNotice, EstimateProblem, ExpiredNotice, ReplacedNotice } from './status-notices';

/** The estimate as its status says: open to answer, accepted, declined, replaced by a revision, or expired. */
function EstimateView({ token, version }: { token: string; version: string | null }) {
  const query = useEstimate(token, version);
  // The status the page opened with: an estimate accepted since was accepted here, and its confirmation takes the focus.
  const [firstStatus] = useState(() => (query.data?.kind === 'estimate' ? query.data.estimate.status : null));
  if (query.isPending) return <p className="py-12 text-center text-slate-600 dark:text-slate-400">Loading your estimate…</p>;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <EstimateProblem title={notFound ? 'We could not find this estimate' : 'This estimate could not be shown just now'}>
        <p>
          {notFound
            ? 'The link may be incomplete: open it again from our e-mail, or ask us for a new one.'
            : `${readableError(query.error)} Try again in a minute.`}{' '}
          Call {company.phone.display} and we will help.
        </p>
      </EstimateProblem>
    );
  }
  const view = query.data;
  if (view.kind === 'expired') return <ExpiredNotice message={view.message} title={`estimate link ${token.slice(0, 8)}`} />;
  const { estimate } = view;
  const title = estimateTitle(estimate);
  if (estimate.replacement) return <ReplacedNotice replacement={estimate.replacement} />;
  return (
    <>
      <EstimateHeader estimate={estimate} />
      <div className="mt-6">
        {estimate.acceptance ? (
          <AcceptedConfirmation
            estimate={estimate}
            acceptance={estimate.acceptance}
            justAccepted={firstStatus !== null && firstStatus !== 'accepted'}
          />
        ) : estimate.status === 'declined' ? (
          <DeclinedNotice title={title} />
        ) : estimate.status === 'expired' ? (
          <ExpiredNotice message={`It was valid until ${mediumDateText(estimate.validUntil)}.`} title={title} />
        ) : (
          <EstimateOffer estimate={estimate} token={token} version={version} />
        )}
      </div>
    </>
  );
}

/** /estimates/:token — a prospect's estimate, opened from its e-mail with no account (issue 24). */
export function EstimatePage() {
  const { token = '' } = useParams<{ token: string }>();
  const version = new URLSearchParams(useSearch()).get('version');
  return (
    <EstimateFrame>
      <EstimateView token={token} version={version} />
    </EstimateFrame>
  );
}
