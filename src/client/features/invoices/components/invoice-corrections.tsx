import { Ban, Download, ReceiptText } from 'lucide-react';
import { useId, useState } from 'react';
import { z } from 'zod/mini';
import type { Invoice } from '../../../../shared/api/invoices';
import { CREDIT_AMOUNT_MESSAGE, creditNoteInputSchema, invoiceVoidSchema } from '../../../../shared/api/invoices';
import { mediumDateText } from '../../../../shared/date-formats';
import { formatCents, parseDollars } from '../../../../shared/money';
import { buttonClass } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { ConfirmBox } from '../../../components/ui/confirm-box';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { creditNotePdfUrl, invoicePdfUrl, useIssueCreditNote, useVoidInvoice } from '../api/invoices';

/*
 * Correcting a sent invoice (issue 25): it is never edited. A credit note with its own number takes
 * an amount off it, or it is voided (it keeps its number, nothing is owed on it, and the month can be
 * prepared again for a corrected invoice). Both e-mail the customer's billing contacts.
 */

const quiet = 'text-slate-600 dark:text-slate-400';
const link = 'font-semibold text-brand-700 hover:underline dark:text-brand-300';

/** "Download PDF": a plain link the browser saves (the server answers it as an attachment). */
export function InvoicePdfLink({ invoice }: { invoice: Invoice }) {
  return (
    <a href={invoicePdfUrl(invoice.id)} download className={buttonClass({ variant: 'secondary', size: 'sm' })}>
      <Download className="size-4" aria-hidden="true" />
      {invoice.status === 'draft' ? 'Download PDF (preview)' : 'Download PDF'}
    </a>
  );
}

/** A void invoice, said before anything else on its page: why, and that nothing is owed on it. */
export function VoidBanner({ reason }: { reason: string }) {
  return (
    <div
      role="note"
      aria-label="Void invoice"
      className="mt-3 flex max-w-3xl gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100"
    >
      <Ban className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-300" aria-hidden="true" />
      <div>
        <p className="font-semibold">This invoice is void: nothing is owed on it.</p>
        <p className="mt-1 text-sm">Why: {reason}</p>
      </div>
    </div>
  );
}

/**
 * "Issue a credit note" as staff type it: the amount in dollars, read into cents by parseDollars,
 * then checked as the route checks it (the id is added when it is sent).
 */
const creditNoteFormSchema = z.pipe(
  z.object({ amount: z.string(), reason: z.string() }),
  z.transform((form, context) => {
    const parsed = parseDollars(form.amount);
    if (!parsed.ok) context.issues.push({ code: 'custom', message: parsed.message, input: form.amount, path: ['amount'] });
    else if (parsed.cents === 0)
      context.issues.push({ code: 'custom', message: CREDIT_AMOUNT_MESSAGE, input: form.amount, path: ['amount'] });
    const checked = creditNoteInputSchema.safeParse({
      id: '00000000-0000-4000-8000-000000000000',
      amountCents: parsed.ok && parsed.cents > 0 ? parsed.cents : 1,
      reason: form.reason,
    });
    if (!checked.success)
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === 'amountCents' ? 'amount' : issue.path[0];
        if (field !== 'amount' || parsed.ok) context.issues.push({ code: 'custom', message: issue.message, input: form, path: [field!] });
      }
    return checked.success ? { amountCents: checked.data.amountCents, reason: checked.data.reason } : z.NEVER;
  }),
);

/** The server names the amount `amountCents`; the form's field is `amount`, in dollars. */
function onAmountField(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.data?.errors?.amountCents) return error;
  const { amountCents, ...others } = error.data.errors;
  return new ApiError(error.status, JSON.stringify({ ...error.data, errors: { ...others, amount: amountCents } }), '');
}

function CreditNoteForm({ invoice, onDone }: { invoice: Invoice; onDone: (message: string | null) => void }) {
  // One key per opened form: a second press, or a retry after a dropped answer, issues nothing more.
  const [key] = useState(() => crypto.randomUUID());
  const issue = useIssueCreditNote(invoice.id);
  const { register, submit, serverError, formState } = useSchemaForm(creditNoteFormSchema, { amount: '', reason: '' }, async (values) => {
    try {
      const { creditNote } = await issue.mutateAsync({ id: key, ...values });
      onDone(`Credit note ${creditNote.number} issued for ${formatCents(creditNote.amountCents)} and e-mailed to the customer.`);
    } catch (error) {
      throw onAmountField(error);
    }
  });
  const { errors, isSubmitting } = formState;
  return (
    <form onSubmit={submit} noValidate aria-label="Issue a credit note" className="mt-3 grid gap-3">
      <p className={cn('text-sm', quiet)}>
        Takes an amount off this invoice (up to {formatCents(invoice.amountDueCents)}, tax included) with its own CN number. The customer’s
        billing contacts are e-mailed its PDF.
      </p>
      <TextField label="Amount ($)" inputMode="decimal" autoComplete="off" {...register('amount')} error={errors.amount?.message} />
      <TextField
        label="Reason"
        hint="Printed on the credit note for the customer."
        autoComplete="off"
        {...register('reason')}
        error={errors.reason?.message}
      />
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" disabled={isSubmitting} className={buttonClass({ size: 'sm' })}>
          {isSubmitting ? 'Issuing...' : 'Issue credit note'}
        </button>
        <button type="button" className={buttonClass({ variant: 'ghost', size: 'sm' })} onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
      <FormError>{serverError}</FormError>
    </form>
  );
}

/** The reason first, then a confirm step that says what voiding does; a refusal (payments or credit notes on it) is shown. */
function VoidForm({ invoice, onDone }: { invoice: Invoice; onDone: (message: string | null) => void }) {
  const voiding = useVoidInvoice(invoice.id);
  const [reason, setReason] = useState<string | null>(null);
  const { register, submit, formState } = useSchemaForm(invoiceVoidSchema, { reason: '' }, async (values) => {
    voiding.reset();
    setReason(values.reason);
  });
  return (
    <div className="mt-3 grid gap-3">
      {reason === null ? (
        <form onSubmit={submit} noValidate aria-label="Void invoice" className="grid gap-3">
          <TextField
            label="Why it is void"
            hint="The customer reads it in the e-mail and on the void invoice."
            autoComplete="off"
            {...register('reason')}
            error={formState.errors.reason?.message}
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClass({ size: 'sm' })}>
              Void invoice
            </button>
            <button type="button" className={buttonClass({ variant: 'ghost', size: 'sm' })} onClick={() => onDone(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <ConfirmBox
          confirmLabel="Void invoice"
          pendingLabel="Voiding..."
          pending={voiding.isPending}
          cancelLabel="Keep it"
          onCancel={() => (voiding.reset(), setReason(null))}
          onConfirm={() =>
            voiding.mutate(reason, {
              onSuccess: (voided) => onDone(`Invoice ${voided.number} is void. The customer’s billing contacts were e-mailed.`),
            })
          }
        >
          Void invoice {invoice.number} for {formatCents(invoice.totalCents)}? The customer’s billing contacts are e-mailed the void invoice
          with your reason, and nothing is owed on it. Its month can then be prepared again for a corrected invoice.
        </ConfirmBox>
      )}
      {voiding.isError ? <FormError>{failureMessage('void the invoice', voiding.error)}</FormError> : null}
    </div>
  );
}

/** "Correct this invoice", on a sent invoice that is not void: issue a credit note, or void it. */
export function CorrectionsCard({
  invoice,
  mayCredit,
  mayVoid,
  onNotice,
}: {
  invoice: Invoice;
  mayCredit: boolean;
  mayVoid: boolean;
  onNotice: (message: string) => void;
}) {
  const [open, setOpen] = useState<'credit' | 'void' | null>(null);
  const titleId = useId();
  const done = (message: string | null) => {
    setOpen(null);
    if (message) onNotice(message);
  };
  return (
    <section aria-labelledby={titleId} className={cardClass()}>
      <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
        Correct this invoice
      </h2>
      <p className={cn('mt-1 text-sm', quiet)}>A sent invoice is never edited: credit an amount off it, or void it.</p>
      {open === null ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {mayCredit && invoice.amountDueCents > 0 ? (
            <button type="button" className={buttonClass({ variant: 'secondary', size: 'sm' })} onClick={() => setOpen('credit')}>
              <ReceiptText className="size-4" aria-hidden="true" />
              Issue a credit note
            </button>
          ) : null}
          {mayVoid ? (
            <button type="button" className={buttonClass({ variant: 'ghost', size: 'sm' })} onClick={() => setOpen('void')}>
              <Ban className="size-4" aria-hidden="true" />
              Void invoice
            </button>
          ) : null}
        </div>
      ) : open === 'credit' ? (
        <CreditNoteForm invoice={invoice} onDone={done} />
      ) : (
        <VoidForm invoice={invoice} onDone={done} />
      )}
    </section>
  );
}

/** The credit notes that correct the invoice, oldest first: number, date, amount, reason and PDF. */
export function CreditNotesCard({ invoice }: { invoice: Invoice }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cardClass()}>
      <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
        Credit notes
      </h2>
      <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
        {invoice.creditNotes.map((note) => (
          <li key={note.id} className="grid gap-1 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-baseline sm:gap-x-4">
            <p className="min-w-0">
              <span className="font-semibold text-slate-900 dark:text-white">{note.number}</span>
              <span className={cn('text-sm', quiet)}> · {mediumDateText(note.issuedOn)}</span>
              <span className="block text-sm break-words text-slate-700 dark:text-slate-300">{note.reason}</span>
            </p>
            <p className="flex flex-wrap items-baseline gap-x-4 sm:justify-end">
              <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{formatCents(-note.amountCents)}</span>
              <a href={creditNotePdfUrl(note.id)} download className={cn('text-sm', link)}>
                PDF<span className="sr-only"> of credit note {note.number}</span>
              </a>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
