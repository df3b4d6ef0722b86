import { AlertTriangle, CalendarPlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Property } from '../../../../shared/api/properties';
import { SERVICE_REQUEST_KIND_LABELS } from '../../../../shared/service-requests';
import { ServiceRequestStatusBadge } from '../../../components/service-request-status';
import { buttonClass } from '../../../components/ui/button';
import { usePropertyRequests } from '../api/get-property-requests';
import { revealHeading } from '../reveal-heading';
import { CleanupRequestForm } from './cleanup-request-form';
import { ProblemReportForm } from './problem-report-form';
import { instantDateText, shortWeekdayDateText } from '../../../../shared/date-formats';
import { cardClass } from '../../../components/ui/card';

export type RequestForm = 'cleanup' | 'problem';

/**
 * Which request form is open. The property page holds it, so the buttons at its top open a form
 * here too (`ask`), and the section then comes into view.
 */
export function useRequestForms() {
  const [open, setOpen] = useState<RequestForm | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  /** Counts the asks from the top of the page: each one brings the section into view. */
  const [asked, setAsked] = useState(0);
  return {
    open,
    sent,
    asked,
    toggle: (form: RequestForm) => {
      setSent(null);
      setOpen((current) => (current === form ? null : form));
    },
    ask: (form: RequestForm) => {
      setSent(null);
      setOpen(form);
      setAsked((count) => count + 1);
    },
    onSent: (what: string) => () => {
      setOpen(null);
      setSent(what);
    },
  };
}

/**
 * A property's requests: ask for an extra cleanup or report a problem, and follow each request
 * from received to scheduled (with the day), done, or declined, with our reply to it.
 */
export function PropertyRequests({ property, forms }: { property: Property; forms: ReturnType<typeof useRequestForms> }) {
  const requests = usePropertyRequests(property.id);
  const { open, sent, toggle, onSent, asked } = forms;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // After the form has rendered, so the heading's place is final.
    if (asked && heading.current) revealHeading(heading.current);
  }, [asked]);

  let list;
  if (requests.isPending) list = <p className="text-slate-600 dark:text-slate-400">Loading requests...</p>;
  else if (requests.isError)
    list = (
      <p role="alert" className="text-red-700 dark:text-red-400">
        Error loading requests. Please try again later.
      </p>
    );
  else if (requests.data.length === 0) list = <p className="text-slate-600 dark:text-slate-400">No requests for this property yet.</p>;
  else
    list = (
      <ul className="grid gap-3" aria-label="Requests for this property">
        {requests.data.map((request) => (
          <li key={request.id} data-service-request={request.id} className={cardClass({ padding: 'p-4' })}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold text-slate-900 dark:text-white">{SERVICE_REQUEST_KIND_LABELS[request.kind]}</p>
              <ServiceRequestStatusBadge request={request} />
            </div>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Sent <time dateTime={request.createdAt}>{instantDateText(request.createdAt)}</time>
              {request.preferredDates.length ? ` · Preferred: ${request.preferredDates.map(shortWeekdayDateText).join(', ')}` : ''}
              {request.photos.length ? ` · ${request.photos.length} photo${request.photos.length === 1 ? '' : 's'}` : ''}
            </p>
            {request.note ? <p className="mt-2 whitespace-pre-wrap text-slate-800 dark:text-slate-200">{request.note}</p> : null}
            {request.reply ? (
              <p className="mt-2 rounded-lg bg-slate-100 p-3 text-sm whitespace-pre-wrap text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                <span className="font-semibold">Our reply:</span> {request.reply}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="requests-title" className="mb-10">
      <h3 ref={heading} id="requests-title" tabIndex={-1} className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
        Requests
      </h3>
      <div className="mb-4 flex flex-wrap gap-3">
        <button
          type="button"
          aria-expanded={open === 'cleanup'}
          aria-controls="request-form"
          onClick={() => toggle('cleanup')}
          className={buttonClass({ variant: 'secondary' })}
        >
          <CalendarPlus className="size-4" aria-hidden="true" />
          Request an extra cleanup
        </button>
        <button
          type="button"
          aria-expanded={open === 'problem'}
          aria-controls="request-form"
          onClick={() => toggle('problem')}
          className={buttonClass({ variant: 'secondary' })}
        >
          <AlertTriangle className="size-4" aria-hidden="true" />
          Report a problem
        </button>
      </div>
      <div id="request-form">
        {open ? (
          <div className={cardClass({ padding: 'p-4 sm:p-6', className: 'mb-4' })}>
            {open === 'cleanup' ? (
              <CleanupRequestForm
                propertyId={property.id}
                onSent={onSent('Thank you: we have your cleanup request and will confirm the day by e-mail.')}
              />
            ) : (
              <ProblemReportForm
                propertyId={property.id}
                onSent={onSent('Thank you: we have your report and will e-mail you when we act on it.')}
              />
            )}
          </div>
        ) : null}
      </div>
      <div role="status" className="mb-4">
        {sent ? (
          <p className="rounded-lg bg-emerald-50 p-3 font-medium text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100">{sent}</p>
        ) : null}
      </div>
      {list}
    </section>
  );
}
