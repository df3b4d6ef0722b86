import { ArrowLeft } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'wouter';
import { useCustomer } from '../../../api/get-customer';
import { useQuoteRequest } from '../../../api/get-quote-request';
import { ApiError } from '../../../lib/api-client';
import { useAssessmentPhotos } from '../api/get-assessment-photos';
import { useEstimate } from '../api/get-estimates';
import { useBillingSettings } from '../../../api/get-billing-settings';
import { usePriceBook } from '../../../api/get-price-book';
import { startingValues, valuesOfEstimate } from '../builder-values';
import { estimateNumberText } from '../../../components/estimate-status-pill';
import { EstimateForm } from './estimate-form';

const quiet = 'text-slate-600 dark:text-slate-400';

function Frame({ title, back, children }: { title: string; back: { href: string; label: string }; children: ReactNode }) {
  return (
    <div className="grid gap-6">
      <div>
        <Link
          href={back.href}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> {back.label}
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      </div>
      {children}
    </div>
  );
}

const Failed = ({ children }: { children: ReactNode }) => (
  <p role="alert" className="text-red-700 dark:text-red-400">
    {children}
  </p>
);

/**
 * /admin/estimates/new (blank; ?fromRequest=<id> from a quote request; ?customer=<id> for a customer)
 * and /admin/estimates/:id/edit (a draft): the builder, once the price book, the billing settings and
 * where the estimate starts from have loaded.
 */
export default function EstimateBuilderPage() {
  const { id = null } = useParams<{ id?: string }>();
  const [params] = useSearchParams();
  // Read once: the form keeps its own values after that.
  const [source] = useState(() => ({ requestId: id ? null : params.get('fromRequest'), customerId: id ? null : params.get('customer') }));
  const draft = useEstimate(id);
  const request = useQuoteRequest(source.requestId ?? (draft.data?.quoteRequestId || null));
  const customerId = source.customerId ?? (draft.data?.customerId || request.data?.customer?.id || null);
  const customer = useCustomer(customerId);
  const photos = useAssessmentPhotos(customerId);
  const services = usePriceBook();
  const settings = useBillingSettings();
  const book = useMemo(
    () => ({
      byId: new Map((services.data ?? []).map((service) => [service.id, service])),
      active: (services.data ?? []).filter((service) => service.active),
    }),
    [services.data],
  );

  const title = id ? (draft.data ? `Edit estimate ${estimateNumberText(draft.data)}` : 'Edit estimate') : 'New estimate';
  const back = id ? { href: `/admin/estimates/${id}`, label: 'The estimate' } : { href: '/admin/estimates', label: 'Estimates' };
  const loading = [draft, request, customer, photos, services, settings].some((query) => query.isPending && query.fetchStatus !== 'idle');
  const missing = [request, customer].find((query) => query.isError);

  let body: ReactNode;
  if (draft.isError)
    body = (
      <Failed>
        {draft.error instanceof ApiError && draft.error.status === 404
          ? 'This estimate does not exist.'
          : 'Could not load the estimate. Refresh the page to try again.'}
      </Failed>
    );
  else if (services.isError || settings.isError)
    body = <Failed>Could not load the price book or the billing settings. Refresh the page to try again.</Failed>;
  else if (missing)
    body = (
      <Failed>
        Could not load the {source.requestId ? 'quote request' : 'customer'} this estimate starts from. Go back and try again.
      </Failed>
    );
  else if (loading || !services.data || !settings.data) body = <p className={quiet}>Loading the price book...</p>;
  else if (draft.data && draft.data.status !== 'draft')
    body = (
      <p className="text-slate-700 dark:text-slate-300">
        Estimate {estimateNumberText(draft.data)} has been sent, and a sent estimate is never changed.{' '}
        <Link href={`/admin/estimates/${draft.data.id}`} className="font-semibold text-brand-700 underline dark:text-brand-300">
          Revise it from its page
        </Link>{' '}
        to make the next version.
      </p>
    );
  else
    body = (
      <EstimateForm
        initial={
          draft.data
            ? valuesOfEstimate(draft.data)
            : startingValues({ request: request.data, customer: customer.data, photoIds: photos.data?.map((photo) => photo.id) })
        }
        draft={draft.data}
        book={book}
        settings={settings.data}
        request={request.data}
        customerProperties={customer.data?.properties ?? []}
        photos={photos.data ?? []}
      />
    );
  return (
    <Frame title={title} back={back}>
      {body}
    </Frame>
  );
}
