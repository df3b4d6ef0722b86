import { ArrowLeft, Mail, MessageSquareWarning, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import type { Estimate } from '../../../../shared/api/estimates';
import { Card } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api-client';
import { useEstimate } from '../api/get-estimates';
import { AcceptanceCard } from './acceptance-card';
import { EstimateActions } from './estimate-actions';
import { estimateFigures } from './estimate-figures';
import { EstimateHistory } from './estimate-history';
import { EstimatePhotosView } from './estimate-photos-view';
import { estimateNumberText } from '../../../components/estimate-status-pill';
import { EstimatePropertiesView } from './estimate-properties-view';
import { EstimateStatusPill } from '../../../components/estimate-status-pill';
import { EstimateSummary } from './estimate-summary';

const link = 'inline-flex items-center gap-1.5 text-brand-700 hover:underline dark:text-brand-300';

function Top({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div>
      <Link
        href="/admin/estimates"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Estimates
      </Link>
      <h1 className="mt-2 flex flex-wrap items-center gap-3 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      {children}
    </div>
  );
}

/** The prospect's own words: what to change, or why they declined. */
function Response({ estimate }: { estimate: Estimate }) {
  if (!estimate.responseMessage) return null;
  const declined = estimate.status === 'declined';
  return (
    <Card
      aria-labelledby="response-title"
      padding="p-5"
      className="border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <h2 id="response-title" className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
        <MessageSquareWarning className="size-5 text-amber-700 dark:text-amber-400" aria-hidden="true" />
        {declined ? `${estimate.contactName} declined` : `${estimate.contactName} asked for changes`}
      </h2>
      <p className="mt-2 whitespace-pre-wrap break-words text-slate-800 dark:text-slate-200">{estimate.responseMessage}</p>
    </Card>
  );
}

function Words({ title, children }: { title: string; children: string }) {
  return (
    <Card aria-label={title} padding="p-5">
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">{title}</h2>
      <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-700 dark:text-slate-300">{children}</p>
    </Card>
  );
}

/** /admin/estimates/:id: one version of an estimate, its status and history, the prospect's answer, its properties and figures, and what to do next. */
export default function EstimatePage() {
  const { id } = useParams<{ id: string }>();
  const query = useEstimate(id);
  if (query.isPending)
    return (
      <Top title="Estimate">
        <p className="mt-4 text-slate-600 dark:text-slate-400">Loading the estimate...</p>
      </Top>
    );
  if (query.isError)
    return (
      <Top title="Estimate">
        <p role="alert" className="mt-4 text-red-700 dark:text-red-400">
          {query.error instanceof ApiError && query.error.status === 404
            ? 'This estimate does not exist.'
            : 'Could not load the estimate. Refresh the page to try again.'}
        </p>
      </Top>
    );
  const estimate = query.data;
  const figures = estimateFigures(estimate);
  return (
    <div className="grid gap-6">
      <Top title={`Estimate ${estimateNumberText(estimate)}`}>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
          <EstimateStatusPill status={estimate.status} className="text-sm" />
          <span className="font-semibold text-slate-900 dark:text-white">{estimate.companyName}</span>
          <span>{estimate.contactName}</span>
          <a href={`mailto:${estimate.email}`} className={link}>
            <Mail className="size-4" aria-hidden="true" /> {estimate.email}
          </a>
          {estimate.phone ? (
            <a href={`tel:${estimate.phone.replace(/[^\d+]/g, '')}`} className={link}>
              <Phone className="size-4" aria-hidden="true" /> {estimate.phone}
            </a>
          ) : null}
        </div>
      </Top>
      <EstimateActions estimate={estimate} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="grid min-w-0 gap-6">
          <Response estimate={estimate} />
          <EstimatePropertiesView estimate={estimate} totals={figures.base.properties} />
          <EstimatePhotosView estimate={estimate} />
          {estimate.note ? <Words title="Note to the customer">{estimate.note}</Words> : null}
          {estimate.requestMessage ? <Words title="The quote request’s message">{estimate.requestMessage}</Words> : null}
        </div>
        <div className="grid gap-4">
          <AcceptanceCard estimate={estimate} />
          <EstimateSummary estimate={estimate} figures={figures} />
          <EstimateHistory estimate={estimate} />
        </div>
      </div>
    </div>
  );
}
