import { ArrowLeft, ArrowRight, FileText } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import type { PortalEstimateSummary } from '../../../../shared/api/estimates';
import { company } from '../../../../shared/company';
import { mediumDateText } from '../../../../shared/date-formats';
import { localToday } from '../../../../shared/local-dates';
import { formatCents } from '../../../../shared/money';
import { EstimateStatusPill } from '../../../components/estimate-status-pill';
import { estimateTitle } from '../../../components/estimate/estimate-header';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useAgreements } from '../api/get-agreements';
import { useMyEstimates } from '../api/my-estimates';
import { dashboardPaths } from '../dashboard-view';
import { AgreementCard } from './agreement-card';
import { listText } from './agreement-text';

const muted = 'text-slate-600 dark:text-slate-400';

/** An estimate waiting for the customer's answer: what it covers, what it comes to, until when, and the way to it. */
function EstimateItem({ estimate }: { estimate: PortalEstimateSummary }) {
  const titleId = `estimate-${estimate.id}`;
  const money = [
    estimate.monthlyCents > 0 ? `about ${formatCents(estimate.monthlyCents)} a month` : null,
    estimate.oneTimeCents > 0 ? `${formatCents(estimate.oneTimeCents)} one time` : null,
  ].filter(Boolean);
  return (
    <Card as="li" aria-labelledby={titleId} padding="p-5" className="flex flex-wrap items-center justify-between gap-4">
      <div className="min-w-0 flex-1 basis-64">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="font-bold text-slate-900 dark:text-white">
            {estimateTitle(estimate)}
          </h3>
          <EstimateStatusPill status={estimate.status} />
        </div>
        <p className="mt-1 text-slate-800 dark:text-slate-200">{listText(estimate.propertyNames)}</p>
        <p className={`mt-1 text-sm ${muted}`}>
          {money.length ? `Included services ${money.join(' plus ')}, before options, discount and tax · ` : ''}
          Valid until {mediumDateText(estimate.validUntil)}
        </p>
      </div>
      <Link href={dashboardPaths.estimate(estimate.id)} className={buttonClass()} aria-describedby={titleId}>
        Review estimate
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </Card>
  );
}

/** Estimates for an added property or service, waiting for an answer; nothing at all when there are none. */
function WaitingEstimates() {
  const estimates = useMyEstimates();
  if (!estimates.data?.length) return null;
  return (
    <section aria-labelledby="waiting-estimates" className="space-y-3">
      <h2 id="waiting-estimates" className="text-xl font-bold text-slate-900 dark:text-white">
        Estimates waiting for your answer
      </h2>
      <p className={muted}>Choose options and a term, and accept here, just as from the link in our e-mail.</p>
      <ul className="space-y-3">
        {estimates.data.map((estimate) => (
          <EstimateItem key={estimate.id} estimate={estimate} />
        ))}
      </ul>
    </section>
  );
}

/** On the dashboard, while an estimate waits for the customer's answer: which, and the way to it. */
export function WaitingEstimatesNotice() {
  const estimates = useMyEstimates();
  const waiting = estimates.data ?? [];
  if (!waiting.length) return null;
  const [first] = waiting;
  return (
    <div
      role="status"
      className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-brand-950 dark:border-brand-800 dark:bg-brand-950/50 dark:text-brand-100"
    >
      <p>
        {waiting.length === 1
          ? `${estimateTitle(first!)} for ${listText(first!.propertyNames)} is waiting for your answer.`
          : `${waiting.length} estimates are waiting for your answer.`}
      </p>
      <Link
        href={waiting.length === 1 ? dashboardPaths.estimate(first!.id) : dashboardPaths.agreements}
        className={buttonClass({ size: 'sm' })}
      >
        {waiting.length === 1 ? 'Review estimate' : 'See estimates'}
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </div>
  );
}

/**
 * /customer-dashboard/agreements: the estimates waiting for the customer's answer, then every
 * service agreement with its prices, term, dates and signed copy (issue 24). A page of its own
 * beside the dashboard's two tabs, reached from the header.
 */
export function AgreementsPage() {
  const agreements = useAgreements();
  const today = localToday();
  useEffect(() => {
    document.title = `Agreements and estimates | ${company.name}`;
  }, []);
  return (
    <div className="space-y-10">
      <div>
        <Link
          href={dashboardPaths.home}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Your dashboard
        </Link>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">Agreements and estimates</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          What we do at each of your properties and at what price, your terms and signed copies, and any estimate waiting for your answer.
        </p>
      </div>
      <WaitingEstimates />
      <section aria-labelledby="your-agreements" className="space-y-4">
        <h2 id="your-agreements" className="text-xl font-bold text-slate-900 dark:text-white">
          Your service agreements
        </h2>
        {agreements.isPending ? (
          <p className={muted}>Loading...</p>
        ) : agreements.isError ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            Error loading your agreements. Please try again later.
          </p>
        ) : agreements.data.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
            <FileText className="mx-auto size-8 text-slate-500" aria-hidden="true" />
            <p className="mt-2 font-semibold text-slate-900 dark:text-white">No service agreements yet</p>
            <p className={`mt-1 ${muted}`}>
              When you accept an estimate, its prices, term and signed copy show here. Questions? Call {company.phone.display}.
            </p>
          </div>
        ) : (
          agreements.data.map((agreement) => <AgreementCard key={agreement.id} agreement={agreement} today={today} />)
        )}
      </section>
    </div>
  );
}
