import { useState } from 'react';
import { useParams, useSearch } from 'wouter';
import { company } from '../../../../shared/company';
import { useEstimateAnswers } from '../../../api/estimate-answers';
import { EstimateBody } from '../../../components/estimate/estimate-body';
import { EstimateProblem, ExpiredNotice } from '../../../components/estimate/status-notices';
import { ApiError, readableError } from '../../../lib/api-client';
import { estimateKeys } from '../api/estimate-keys';
import { useEstimate } from '../api/get-estimate';
import { estimateActionUrl } from '../api/urls';
import { EstimateFrame } from './estimate-frame';

/** The estimate its link opens, as its status says; its answers go back through the same link. */
function EstimateView({ token, version }: { token: string; version: string | null }) {
  const query = useEstimate(token, version);
  const answers = useEstimateAnswers(estimateKeys.one(token, version), (answer) => estimateActionUrl(token, version, answer));
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
  return <EstimateBody estimate={view.estimate} answers={answers} firstStatus={firstStatus} />;
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
