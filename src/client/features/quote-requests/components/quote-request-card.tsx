import { FilePlus2, Mail, MessageSquareText, Phone, UserCheck, UserPlus } from 'lucide-react';
import { useId, useState, useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { QUOTE_REQUEST_STATUSES, type QuoteRequestStatus } from '../../../../shared/constants';
import type { QuoteRequest } from '../../../../shared/api/quote-requests';
import { useRoleMay } from '../../../api/get-auth-user';
import { buttonClass } from '../../../components/ui/button';
import { failureMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useUpdateQuoteRequestStatus } from '../api/update-quote-request-status';
import { formatWait } from '../format-submitted';
import { readNoteDraft } from '../note-drafts';
import { StatusBadge, UrgentBadge } from './quote-request-badges';
import { QuoteRequestAssessments } from './quote-request-assessments';
import { QuoteRequestEstimates } from './quote-request-estimates';
import { QuoteRequestNotes } from './quote-request-notes';
import { instantDateTimeText } from '../../../../shared/date-formats';
import { cardClass } from '../../../components/ui/card';

/** An urgent request still waiting for its first call: a red edge, and first place in the list. */
export const isPinned = (quoteRequest: QuoteRequest) => quoteRequest.urgent && quoteRequest.status === 'new';

/** The drafts change only through this card's own notes, which re-render it. */
const noChanges = () => () => {};

/**
 * One quote request (SPEC §2): name, e-mail, phone, service, time and message, plus status and
 * notes. A list item in the cards view; a plain block when the compact list opens a row.
 */
export function QuoteRequestCard({
  quoteRequest,
  readAt,
  as: Element = 'li',
}: {
  quoteRequest: QuoteRequest;
  /** When the list was read: a new request says how long it had waited by then. */
  readAt: number;
  as?: 'li' | 'div';
}) {
  const statusId = useId();
  // A note still being typed (kept across refreshes and reloads) opens the notes at once: once
  // hydrated, since the server's render cannot see this tab's drafts.
  const hasDraft = useSyncExternalStore(
    noChanges,
    () => readNoteDraft(quoteRequest.id) !== '',
    () => false,
  );
  const [notesChosen, setShowNotes] = useState<boolean | null>(null);
  const showNotes = notesChosen ?? hasDraft;
  const update = useUpdateQuoteRequestStatus();
  const mayCreateCustomer = useRoleMay('create', 'customer');
  const mayWriteEstimate = useRoleMay('create', 'estimate');
  const pinned = isPinned(quoteRequest);
  return (
    <Element
      data-quote-request={quoteRequest.id}
      className={cn(cardClass({ padding: 'p-5' }), pinned && 'border-l-4 border-l-red-600 dark:border-l-red-500')}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{quoteRequest.name}</h2>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <a
              href={`mailto:${quoteRequest.email}`}
              className="inline-flex items-center gap-1.5 break-all text-brand-700 hover:underline dark:text-brand-300"
            >
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              {quoteRequest.email}
            </a>
            {quoteRequest.phone ? (
              <a
                href={`tel:${quoteRequest.phone.replace(/[^\d+]/g, '')}`}
                className="inline-flex items-center gap-1.5 text-brand-700 hover:underline dark:text-brand-300"
              >
                <Phone className="size-4 shrink-0" aria-hidden="true" />
                {quoteRequest.phone}
              </a>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {quoteRequest.urgent ? <UrgentBadge waiting={pinned} /> : null}
          <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900 dark:bg-brand-900/60 dark:text-brand-100">
            {quoteRequest.service}
          </span>
          <StatusBadge status={quoteRequest.status} />
        </div>
      </div>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        Submitted <time dateTime={quoteRequest.submittedAt}>{instantDateTimeText(quoteRequest.submittedAt)}</time>
        {quoteRequest.status === 'new' ? ` · waiting ${formatWait(readAt - new Date(quoteRequest.submittedAt).getTime())}` : ''}
        {quoteRequest.propertySize ? ` · Property size: ${quoteRequest.propertySize}` : ''}
        {quoteRequest.urgency ? ` · Urgency: ${quoteRequest.urgency}` : ''}
      </p>
      <p className="mt-3 whitespace-pre-wrap text-slate-800 dark:text-slate-200">{quoteRequest.message}</p>
      <QuoteRequestEstimates quoteRequest={quoteRequest} />
      <QuoteRequestAssessments quoteRequest={quoteRequest} />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <label htmlFor={statusId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          Status
        </label>
        <select
          id={statusId}
          value={quoteRequest.status}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ id: quoteRequest.id, status: event.target.value as QuoteRequestStatus })}
          className="rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm capitalize dark:border-slate-600 dark:bg-slate-950 dark:text-white"
        >
          {QUOTE_REQUEST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
        {quoteRequest.customer ? (
          <Link href={`/admin/customers/${quoteRequest.customer.id}`} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
            <UserCheck className="size-4" aria-hidden="true" />
            {quoteRequest.customer.prospect ? 'Prospect' : 'Customer'}: {quoteRequest.customer.name}
          </Link>
        ) : mayCreateCustomer ? (
          <Link
            href={`/admin/customers?${new URLSearchParams({ fromRequest: quoteRequest.id })}`}
            className={buttonClass({ variant: 'ghost', size: 'sm' })}
          >
            <UserPlus className="size-4" aria-hidden="true" />
            Create customer from this request
          </Link>
        ) : null}
        {mayWriteEstimate ? (
          <Link
            href={`/admin/estimates/new?${new URLSearchParams({ fromRequest: quoteRequest.id })}`}
            className={buttonClass({ variant: 'ghost', size: 'sm' })}
          >
            <FilePlus2 className="size-4" aria-hidden="true" />
            Write an estimate
          </Link>
        ) : null}
        <button
          type="button"
          aria-expanded={showNotes}
          onClick={() => setShowNotes(!showNotes)}
          className={buttonClass({ variant: 'ghost', size: 'sm' })}
        >
          <MessageSquareText className="size-4" aria-hidden="true" />
          {showNotes ? 'Hide notes' : 'Notes'}
        </button>
      </div>
      {update.error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
          {failureMessage('save the status', update.error)}
        </p>
      ) : null}
      {showNotes ? <QuoteRequestNotes id={quoteRequest.id} /> : null}
    </Element>
  );
}
