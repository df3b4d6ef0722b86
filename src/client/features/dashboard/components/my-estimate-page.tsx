import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { company } from '../../../../shared/company';
import type { PublicEstimate } from '../../../../shared/api/estimates';
import { EstimateBody } from '../../../components/estimate/estimate-body';
import { estimateTitle } from '../../../components/estimate/estimate-header';
import { ExpiredNotice } from '../../../components/estimate/status-notices';
import { ApiError, readableError } from '../../../lib/api-client';
import { useMyEstimate, useMyEstimateAnswers } from '../api/my-estimates';
import { dashboardPaths } from '../dashboard-view';
import { CustomerFrame } from './customer-frame';

/** What comes by e-mail after accepting here: the signer is in the portal already, so no invitation. */
const SIGNED_COPY_NOTE =
  'We e-mail you a signed copy of this estimate. The agreement is under Agreements on your dashboard, and its visits show on each property’s page.';

function NotFound({ error }: { error: Error }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <div className="mx-auto max-w-2xl rounded-2xl border border-dashed border-slate-300 p-8 dark:border-slate-700">
      <h1 className="text-xl font-bold text-slate-900 dark:text-white">
        {missing ? 'We could not find this estimate' : 'This estimate could not be shown just now'}
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        {missing
          ? 'It is not one of your company’s estimates. Open it from the link in our e-mail, or'
          : `${readableError(error)} Try again in a minute, or`}{' '}
        call {company.phone.display} and we will help.
      </p>
    </div>
  );
}

/** The estimate once read; the status it opened with says whether an acceptance shown later was made here (its heading then takes the focus). */
function OpenedEstimate({ estimate, estimateId }: { estimate: PublicEstimate; estimateId: string }) {
  const answers = useMyEstimateAnswers(estimateId);
  const [firstStatus] = useState(estimate.status);
  useEffect(() => {
    document.title = `${estimateTitle(estimate)} | ${company.name}`;
  }, [estimate]);
  return <EstimateBody estimate={estimate} answers={answers} firstStatus={firstStatus} signedCopyNote={SIGNED_COPY_NOTE} />;
}

/**
 * /customer-dashboard/estimates/:id: an estimate for an added property or service, read and
 * answered in the portal with exactly what its link's page shows (components/estimate).
 */
function MyEstimatePage({ estimateId }: { estimateId: string }) {
  const query = useMyEstimate(estimateId);
  return (
    <div className="space-y-6">
      <Link
        href={dashboardPaths.agreements}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Your agreements and estimates
      </Link>
      {query.isPending ? (
        <p className="py-12 text-center text-slate-600 dark:text-slate-400">Loading your estimate…</p>
      ) : query.isError ? (
        <NotFound error={query.error} />
      ) : query.data.kind === 'expired' ? (
        <ExpiredNotice message={query.data.message} title={`estimate ${estimateId.slice(0, 8)}`} />
      ) : (
        <OpenedEstimate estimate={query.data.estimate} estimateId={estimateId} />
      )}
    </div>
  );
}

/** The screen of /customer-dashboard/estimates/:id, in the customer's frame; its code loads when an estimate is opened. */
export default function MyEstimateScreen() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <CustomerFrame>
      {() => (
        <main className="container-page py-6 sm:py-10">
          <MyEstimatePage key={id} estimateId={id} />
        </main>
      )}
    </CustomerFrame>
  );
}
