import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { CustomerAccount, Payment } from '../../../shared/api/payments';
import { paymentDeletionSchema } from '../../../shared/api/payments';
import { mediumDateText } from '../../../shared/date-formats';
import { PAYMENT_METHOD_LABELS } from '../../../shared/invoices';
import { formatCents } from '../../../shared/money';
import { useRoleMay } from '../../api/get-auth-user';
import { buttonClass } from '../ui/button';
import { cardClass } from '../ui/card';
import { FormError } from '../ui/form-error';
import { SavedNotice } from '../ui/saved-notice';
import { TableHead } from '../ui/table-head';
import { TextField } from '../ui/text-field';
import { failureMessage } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/use-schema-form';
import { statementPdfUrl, useApplyCredit, useCustomerAccount, useDeletePayment, useWaiveLateFee } from '../../api/billing';
import { InvoiceStatusPill } from './invoice-status-text';
import { RecordPaymentForm } from './record-payment-form';

const muted = 'text-sm text-slate-600 dark:text-slate-400';
const link = 'font-semibold text-brand-700 hover:underline dark:text-brand-300';

function OpenInvoices({ account }: { account: CustomerAccount }) {
  const waive = useWaiveLateFee();
  const mayWaive = useRoleMay('update', 'lateFee');
  if (!account.openInvoices.length) return <p className={`mt-3 ${muted}`}>No invoice is open.</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Open invoices</caption>
        <TableHead
          className="text-slate-600 dark:text-slate-400"
          cellClass="py-2 pr-4 font-semibold last:pr-0"
          columns={[['Invoice'], ['Due'], ['Status'], ['Late fee'], ['Amount due', 'text-right']]}
        />
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {account.openInvoices.map((invoice) => (
            <tr key={invoice.id}>
              <td className="py-2 pr-4">
                <Link href={`/admin/invoices/${invoice.id}`} className={link}>
                  {invoice.number}
                </Link>
              </td>
              <td className="py-2 pr-4 whitespace-nowrap">{invoice.dueOn ? mediumDateText(invoice.dueOn) : ''}</td>
              <td className="py-2 pr-4">
                <InvoiceStatusPill status={invoice.status} />
              </td>
              <td className="py-2 pr-4">
                {invoice.lateFee && !invoice.lateFee.waived ? (
                  <span className="flex flex-wrap items-center gap-2">
                    {formatCents(invoice.lateFee.amountCents)}
                    {mayWaive ? (
                      <button
                        type="button"
                        className={buttonClass({ variant: 'ghost', size: 'sm' })}
                        disabled={waive.isPending}
                        onClick={() => waive.mutate(invoice.lateFee!.id)}
                        aria-label={`Waive the ${formatCents(invoice.lateFee.amountCents)} late fee on invoice ${invoice.number}`}
                      >
                        Waive fee
                      </button>
                    ) : null}
                  </span>
                ) : (
                  <span className={muted}>None</span>
                )}
              </td>
              <td className="py-2 text-right font-semibold tabular-nums">{formatCents(invoice.amountDueCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {waive.isError ? <FormError>{failureMessage('waive the fee', waive.error)}</FormError> : null}
    </div>
  );
}

function DeletePayment({ payment }: { payment: Payment }) {
  const [open, setOpen] = useState(false);
  const remove = useDeletePayment();
  const { register, submit, serverError, formState } = useSchemaForm(paymentDeletionSchema, { reason: '' }, async ({ reason }) => {
    await remove.mutateAsync({ id: payment.id, reason });
    setOpen(false);
  });
  if (!open)
    return (
      <button type="button" className={buttonClass({ variant: 'ghost', size: 'sm' })} onClick={() => setOpen(true)}>
        Delete payment
      </button>
    );
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-2 grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <p className="text-sm text-amber-950 dark:text-amber-100">
        Delete this {formatCents(payment.amountCents)} payment? The invoices it paid will be owed again. The audit log keeps the reason.
      </p>
      <TextField label="Why it is deleted" autoComplete="off" {...register('reason')} error={formState.errors.reason?.message} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={formState.isSubmitting} className={buttonClass({ size: 'sm' })}>
          {formState.isSubmitting ? 'Deleting...' : 'Delete payment'}
        </button>
        <button type="button" className={buttonClass({ variant: 'ghost', size: 'sm' })} onClick={() => setOpen(false)}>
          Keep it
        </button>
      </div>
      <FormError>{serverError}</FormError>
    </form>
  );
}

function Payments({ payments }: { payments: Payment[] }) {
  const mayDelete = useRoleMay('delete', 'payment');
  if (!payments.length) return <p className={`mt-3 ${muted}`}>No payment recorded yet.</p>;
  return (
    <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
      {payments.map((payment) => (
        <li key={payment.id} className="py-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className={payment.deleted ? 'text-slate-500 line-through' : 'text-slate-900 dark:text-white'}>
              <span className="font-semibold tabular-nums">{formatCents(payment.amountCents)}</span> by{' '}
              {PAYMENT_METHOD_LABELS[payment.method].toLowerCase()}
              {payment.reference ? ` ${payment.method === 'check' ? 'no. ' : ''}${payment.reference}` : ''}, received{' '}
              {mediumDateText(payment.receivedOn)}
            </p>
            {payment.deleted ? <span className={muted}>Deleted</span> : mayDelete ? <DeletePayment payment={payment} /> : null}
          </div>
          {!payment.deleted ? (
            <p className={muted}>
              {payment.allocations.length
                ? `Applied to ${payment.allocations.map((allocation) => `${allocation.number} (${formatCents(allocation.amountCents)})`).join(', ')}`
                : 'Not applied to an invoice'}
              {payment.unappliedCents ? `; ${formatCents(payment.unappliedCents)} on account` : ''}
              {payment.note ? `. ${payment.note}` : ''}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** A customer's account on its console page: what it owes, its open invoices, late fees, payments and credit; "Record a payment". */
export function CustomerAccountCard({ customerId }: { customerId: string }) {
  const account = useCustomerAccount(customerId);
  const applyCredit = useApplyCredit();
  const mayRecord = useRoleMay('create', 'payment');
  const mayStatement = useRoleMay('read', 'statement');
  const [recording, setRecording] = useState(false);
  const [notice, setNotice] = useState('');
  return (
    <section aria-labelledby="account-title" className={cardClass({ className: 'min-w-0' })}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="account-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Account and payments
        </h2>
        <div className="flex flex-wrap gap-2">
          {mayStatement ? (
            <a href={statementPdfUrl(customerId)} download className={buttonClass({ variant: 'secondary', size: 'sm' })}>
              <Download className="size-4" aria-hidden="true" />
              Download statement
            </a>
          ) : null}
          {mayRecord && !recording ? (
            <button type="button" className={buttonClass({ size: 'sm' })} onClick={() => (setNotice(''), setRecording(true))}>
              Record a payment
            </button>
          ) : null}
        </div>
      </div>
      {account.isPending ? (
        <p className={`mt-2 ${muted}`}>Loading the account...</p>
      ) : account.isError ? (
        <p role="alert" className="mt-2 text-red-700 dark:text-red-400">
          Could not load the account. Please refresh the page.
        </p>
      ) : (
        <>
          <dl className="mt-3 grid gap-3 sm:grid-cols-3">
            <div>
              <dt className={muted}>Owed on open invoices</dt>
              <dd className="text-2xl font-bold text-slate-900 tabular-nums dark:text-white">{formatCents(account.data.owedCents)}</dd>
            </div>
            <div>
              <dt className={muted}>Credit on the account</dt>
              <dd className="text-2xl font-bold text-slate-900 tabular-nums dark:text-white">{formatCents(account.data.creditCents)}</dd>
            </div>
            <div>
              <dt className={muted}>Reminders</dt>
              <dd className="font-semibold text-slate-900 dark:text-white">
                {account.data.remindersPaused ? 'Paused for this customer' : 'On'}
              </dd>
            </div>
          </dl>
          {account.data.creditCents > 0 && account.data.owedCents > 0 && mayRecord ? (
            <button
              type="button"
              className={buttonClass({ variant: 'secondary', size: 'sm', className: 'mt-3' })}
              disabled={applyCredit.isPending}
              onClick={() =>
                applyCredit.mutate(customerId, { onSuccess: () => setNotice('The credit was applied to the oldest open invoices.') })
              }
            >
              Apply the credit to open invoices
            </button>
          ) : null}
          {recording ? (
            <div className="mt-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
              <h3 className="mb-3 font-semibold text-slate-900 dark:text-white">Record a payment</h3>
              <RecordPaymentForm
                customerId={customerId}
                openInvoices={account.data.openInvoices}
                onDone={(message) => {
                  setRecording(false);
                  setNotice(message);
                }}
              />
              <button
                type="button"
                className={buttonClass({ variant: 'ghost', size: 'sm', className: 'mt-2' })}
                onClick={() => setRecording(false)}
              >
                Cancel
              </button>
            </div>
          ) : null}
          <SavedNotice notice={notice} />
          <h3 className="mt-6 font-semibold text-slate-900 dark:text-white">Open invoices</h3>
          <OpenInvoices account={account.data} />
          <h3 className="mt-6 font-semibold text-slate-900 dark:text-white">Payments</h3>
          <Payments payments={account.data.payments} />
        </>
      )}
    </section>
  );
}
