import { ArrowLeft, Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import type { ConsoleAgreement } from '../../../../shared/api/agreements';
import { instantDateText, mediumDateText } from '../../../../shared/date-formats';
import { TERM_NAMES } from '../../../../shared/estimate-totals';
import { AgreementStatusPill } from '../../../components/agreement-status-pill';
import { NeedsCrewBadge, needsCrew } from '../../../components/needs-crew-badge';
import { ApiError } from '../../../lib/api-client';
import { useAgreement } from '../api/get-agreement';
import { AgreementOriginCard } from './agreement-origin-card';
import { AgreementPlans } from './agreement-plans';
import { AgreementProperties } from './agreement-properties';
import { AgreementTermsCard } from './agreement-terms-card';

const link = 'inline-flex items-center gap-1.5 text-brand-700 hover:underline dark:text-brand-300';

function Top({ title, back, children }: { title: string; back: { href: string; label: string } | null; children?: ReactNode }) {
  return (
    <div>
      {back ? (
        <Link
          href={back.href}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> {back.label}
        </Link>
      ) : null}
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      {children}
    </div>
  );
}

/** The agreement's state in a sentence: running since, given notice and ending, or ended; and how many first visits want a crew. */
function StateLine({ agreement }: { agreement: ConsoleAgreement }) {
  const wanting = agreement.properties.filter((property) => property.firstVisit && needsCrew(property.firstVisit)).length;
  return (
    <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
      <AgreementStatusPill status={agreement.status} className="text-sm" />
      <span>
        {TERM_NAMES[agreement.term]}, accepted {instantDateText(agreement.acceptedAt)}, service from {mediumDateText(agreement.startDate)}
        {agreement.status === 'ending' && agreement.endsOn ? `; ends ${mediumDateText(agreement.endsOn)}` : ''}
      </span>
      {wanting ? (
        <span className="inline-flex items-center gap-2">
          <NeedsCrewBadge />
          {wanting === 1 ? '1 first visit has nobody assigned' : `${wanting} first visits have nobody assigned`}
        </span>
      ) : null}
    </p>
  );
}

/**
 * /admin/agreements/:id: a service agreement as the office runs it: its customer, what it comes to
 * and its dates, each property with its accepted prices and first visit, the plans it made, and
 * where it came from (the estimate, its acceptance and the signed copy).
 */
export default function AgreementPage() {
  const { id } = useParams<{ id: string }>();
  const query = useAgreement(id);
  if (query.isPending)
    return (
      <Top title="Service agreement" back={null}>
        <p className="mt-4 text-slate-600 dark:text-slate-400">Loading the agreement...</p>
      </Top>
    );
  if (query.isError)
    return (
      <Top title="Service agreement" back={{ href: '/admin/customers', label: 'Customers' }}>
        <p role="alert" className="mt-4 text-red-700 dark:text-red-400">
          {query.error instanceof ApiError && query.error.status === 404
            ? 'This service agreement does not exist.'
            : 'Could not load the agreement. Refresh the page to try again.'}
        </p>
      </Top>
    );
  const agreement = query.data;
  const { customer } = agreement;
  return (
    <div className="grid gap-6">
      <Top title={`Service agreement with ${customer.name}`} back={{ href: `/admin/customers/${customer.id}`, label: customer.name }}>
        <StateLine agreement={agreement} />
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
          {customer.contactName ? <span>{customer.contactName}</span> : null}
          {/* A long address breaks anywhere rather than widen a phone's page. */}
          <a href={`mailto:${customer.email}`} className={`${link} min-w-0 break-all`}>
            <Mail className="size-4 shrink-0" aria-hidden="true" /> {customer.email}
          </a>
          {customer.phone ? (
            <a href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`} className={link}>
              <Phone className="size-4" aria-hidden="true" /> {customer.phone}
            </a>
          ) : null}
        </div>
      </Top>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="grid min-w-0 gap-6">
          <AgreementProperties agreement={agreement} />
          <AgreementPlans agreement={agreement} />
        </div>
        <div className="grid gap-4">
          <AgreementTermsCard agreement={agreement} />
          <AgreementOriginCard agreement={agreement} />
        </div>
      </div>
    </div>
  );
}
