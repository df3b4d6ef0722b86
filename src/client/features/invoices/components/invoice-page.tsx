import { ArrowLeft } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import type { Invoice } from '../../../../shared/api/invoices';
import { instantDateTimeText, mediumDateText } from '../../../../shared/date-formats';
import { lateFeeLabel, PAYMENT_TERMS_DAYS, PAYMENT_TERMS_LABELS } from '../../../../shared/invoices';
import { formatCents } from '../../../../shared/money';
import { useRoleMay } from '../../../api/get-auth-user';
import { InvoiceStatusPill } from '../../../components/billing/invoice-status-text';
import { buttonClass } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { ConfirmBox } from '../../../components/ui/confirm-box';
import { FormError } from '../../../components/ui/form-error';
import { SavedNotice } from '../../../components/ui/saved-notice';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useApproveInvoice, useInvoice } from '../api/invoices';
import { periodText } from '../invoice-text';
import { AddLineCard } from './add-line-form';
import { CorrectionsCard, CreditNotesCard, InvoicePdfLink, VoidBanner } from './invoice-corrections';
import { InvoiceSection } from './invoice-section';

const quiet = 'text-slate-600 dark:text-slate-400';
const link = 'font-semibold text-brand-700 hover:underline dark:text-brand-300';

function Top({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div>
      <Link
        href="/admin/invoices"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Invoices
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      {children}
    </div>
  );
}

/** A term and its value, in the invoice's facts. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_minmax(0,1fr)] gap-2 py-1.5">
      <dt className={quiet}>{term}</dt>
      <dd className="text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

/** Who it bills and on what terms: the customer, billing address, period, terms, dates and PO numbers. */
function FactsCard({ invoice }: { invoice: Invoice }) {
  const titleId = useId();
  const poNumbers = invoice.sections.filter((section) => section.poNumber);
  return (
    <section aria-labelledby={titleId} className={cardClass()}>
      <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
        Bill to
      </h2>
      <p className="mt-2">
        <Link href={`/admin/customers/${invoice.customerId}`} className={link}>
          {invoice.customerName}
        </Link>
      </p>
      {invoice.billingAddress ? <p className={cn('text-sm whitespace-pre-line', quiet)}>{invoice.billingAddress}</p> : null}
      <p className={cn('text-sm break-all', quiet)}>{invoice.customerEmail}</p>
      <dl className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-800">
        <Fact term="Period">{periodText(invoice.periodStart, invoice.periodEnd)}</Fact>
        <Fact term="Terms">{PAYMENT_TERMS_LABELS[invoice.paymentTerms]}</Fact>
        <Fact term="Invoice date">{invoice.issuedOn ? mediumDateText(invoice.issuedOn) : 'The day it is approved'}</Fact>
        <Fact term="Due">
          {invoice.dueOn
            ? mediumDateText(invoice.dueOn)
            : PAYMENT_TERMS_DAYS[invoice.paymentTerms]
              ? `${PAYMENT_TERMS_DAYS[invoice.paymentTerms]} days after approval`
              : 'On receipt'}
        </Fact>
        <Fact term={poNumbers.length === 1 ? 'PO number' : 'PO numbers'}>
          {poNumbers.length ? (
            <ul>
              {poNumbers.map((section) => (
                <li key={section.propertyId}>
                  {invoice.sections.length > 1 ? `${section.propertyName}: ` : ''}
                  {section.poNumber}
                </li>
              ))}
            </ul>
          ) : (
            'None'
          )}
        </Fact>
        {invoice.sentAt ? <Fact term="Sent">{instantDateTimeText(invoice.sentAt)}</Fact> : null}
      </dl>
    </section>
  );
}

function Figure({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-4 py-1.5', strong ? 'font-semibold text-slate-900 dark:text-white' : quiet)}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatCents(cents)}</dd>
    </div>
  );
}

/** What the invoice comes to, and (once sent) what is still owed on it. */
function TotalsCard({ invoice }: { invoice: Invoice }) {
  const titleId = useId();
  const sent = invoice.status !== 'draft';
  return (
    <section aria-labelledby={titleId} className={cardClass()}>
      <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
        Totals
      </h2>
      <dl className="mt-2 text-sm">
        <Figure label="Subtotal" cents={invoice.subtotalCents} />
        {invoice.discountCents ? <Figure label="Term discount" cents={-invoice.discountCents} /> : null}
        <Figure label="Sales tax" cents={invoice.taxCents} />
        <Figure label="Total" cents={invoice.totalCents} strong />
        {sent && invoice.paidCents ? <Figure label="Paid and credited" cents={-invoice.paidCents} /> : null}
        {sent && invoice.lateFeeCents ? <Figure label={lateFeeLabel(invoice.lateFeeChargedOn)} cents={invoice.lateFeeCents} /> : null}
      </dl>
      <div className="mt-2 flex items-baseline justify-between gap-4 border-t border-slate-200 pt-3 dark:border-slate-800">
        <p className="font-semibold text-slate-900 dark:text-white">Amount due</p>
        <p className="text-2xl font-bold text-slate-900 tabular-nums dark:text-white">{formatCents(invoice.amountDueCents)}</p>
      </div>
    </section>
  );
}

/** "Approve and send", after a confirm step: the draft takes the year's next number and goes to the billing contacts. */
function ApproveCard({ invoice, onNotice }: { invoice: Invoice; onNotice: (message: string) => void }) {
  const [confirming, setConfirming] = useState(false);
  const approve = useApproveInvoice(invoice.id);
  const billed = invoice.lineCount > 0;
  return (
    <section aria-label="Approve and send" className={cardClass()}>
      <p className={cn('text-sm', quiet)}>
        {billed
          ? 'Approving gives the invoice its number and due date, and e-mails it with its PDF to the customer’s billing contacts. It cannot be changed after that.'
          : 'Every line has been removed: add a line before approving, or leave the draft as it is.'}
      </p>
      {confirming ? (
        <ConfirmBox
          className="mt-3"
          confirmLabel="Approve and send"
          pendingLabel="Sending..."
          pending={approve.isPending}
          cancelLabel="Not yet"
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            approve.mutate(undefined, {
              onSuccess: (sent) => {
                setConfirming(false);
                onNotice(`Approved and sent as invoice ${sent.number}, due ${sent.dueOn ? mediumDateText(sent.dueOn) : 'on receipt'}.`);
              },
            })
          }
        >
          Send {invoice.customerName} this invoice for {formatCents(invoice.totalCents)}?
        </ConfirmBox>
      ) : (
        <button type="button" disabled={!billed} className={buttonClass({ className: 'mt-3 w-full' })} onClick={() => setConfirming(true)}>
          Approve and send
        </button>
      )}
      {approve.isError ? (
        <div className="mt-2">
          <FormError>{failureMessage('approve the invoice', approve.error)}</FormError>
        </div>
      ) : null}
    </section>
  );
}

/**
 * /admin/invoices/:id (issue 25): an invoice as its customer will read it, a section per property
 * with its lines (each visit's date, "Verified on site" and its record), and the totals. A draft is
 * reviewed here: a line added or removed with a reason, then approved and sent. A sent invoice is
 * never edited.
 */
export default function InvoicePage() {
  const { id } = useParams<{ id: string }>();
  const query = useInvoice(id);
  const mayEdit = useRoleMay('update', 'invoice');
  const mayCredit = useRoleMay('create', 'creditNote');
  const [notice, setNotice] = useState<string | null>(null);
  if (query.isPending)
    return (
      <Top title="Invoice">
        <p className={cn('mt-4', quiet)}>Loading the invoice...</p>
      </Top>
    );
  if (query.isError)
    return (
      <Top title="Invoice">
        <p role="alert" className="mt-4 text-red-700 dark:text-red-400">
          {query.error instanceof ApiError && query.error.status === 404
            ? 'This invoice does not exist.'
            : 'Could not load the invoice. Refresh the page to try again.'}
        </p>
      </Top>
    );
  const invoice = query.data;
  const editable = mayEdit && invoice.status === 'draft';
  // A sent invoice is corrected, never edited: a credit note, or voided.
  const correctable = (mayEdit || mayCredit) && invoice.status !== 'draft' && invoice.status !== 'void';
  return (
    <div className="grid gap-6">
      <Top title={invoice.number ? `Invoice ${invoice.number}` : `Draft invoice for ${invoice.customerName}`}>
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
          <InvoiceStatusPill status={invoice.status} />
          <span>
            {invoice.customerName}
            {invoice.propertyName ? `, ${invoice.propertyName}` : ''} · {periodText(invoice.periodStart, invoice.periodEnd)}
          </span>
        </p>
        {invoice.status === 'draft' ? (
          <p className={cn('mt-2 max-w-3xl text-sm', quiet)}>
            A draft: the billing run brings it up to date until it is approved. Check each line against its visit before sending.
          </p>
        ) : null}
        {invoice.status === 'void' ? <VoidBanner reason={invoice.voidReason ?? 'No reason was given.'} /> : null}
        <p className="mt-3">
          <InvoicePdfLink invoice={invoice} />
        </p>
      </Top>
      <SavedNotice notice={notice} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="grid min-w-0 gap-6">
          {invoice.sections.length ? (
            invoice.sections.map((section) => (
              <InvoiceSection key={section.propertyId} invoiceId={invoice.id} section={section} editable={editable} onNotice={setNotice} />
            ))
          ) : (
            <p className={cardClass({ className: quiet })}>No lines on this invoice.</p>
          )}
          {editable ? <AddLineCard invoice={invoice} onNotice={setNotice} /> : null}
          {invoice.creditNotes.length ? <CreditNotesCard invoice={invoice} /> : null}
        </div>
        <div className="grid gap-4">
          {editable ? <ApproveCard invoice={invoice} onNotice={setNotice} /> : null}
          {correctable ? <CorrectionsCard invoice={invoice} mayCredit={mayCredit} mayVoid={mayEdit} onNotice={setNotice} /> : null}
          <TotalsCard invoice={invoice} />
          <FactsCard invoice={invoice} />
        </div>
      </div>
    </div>
  );
}
