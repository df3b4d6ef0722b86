import { useState } from 'react';
import type { AccountInvoice, PaymentFormOutput, PaymentFormValues } from '../../../shared/api/payments';
import { paymentFormSchema } from '../../../shared/api/payments';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '../../../shared/invoices';
import { localToday } from '../../../shared/local-dates';
import { formatCents } from '../../../shared/money';
import { buttonClass } from '../ui/button';
import { FormError } from '../ui/form-error';
import { Select } from '../ui/select';
import { TextField } from '../ui/text-field';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useRecordPayment } from '../../api/billing';

const muted = 'text-sm text-slate-600 dark:text-slate-400';

/**
 * "Record a payment": how and when it came in, how much, and (optionally) what goes to each open
 * invoice. Left blank, the payment pays the oldest invoices first; what is left over is a credit.
 * The form's key (made when it opens) makes a double press record the payment once.
 */
export function RecordPaymentForm({
  customerId,
  openInvoices,
  onDone,
}: {
  customerId: string;
  openInvoices: AccountInvoice[];
  onDone: (message: string) => void;
}) {
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const record = useRecordPayment();
  const defaults: PaymentFormValues = {
    method: 'check',
    reference: '',
    receivedOn: localToday(),
    amount: '',
    apply: Object.fromEntries(openInvoices.map((invoice) => [invoice.id, ''])),
    note: '',
  };
  const { register, submit, serverError, formState, watch } = useSchemaForm(
    paymentFormSchema,
    defaults,
    async (values: PaymentFormOutput) => {
      const answer = await record.mutateAsync({ ...values, customerId, idempotencyKey });
      const { payment } = answer;
      const applied = payment.allocations.map((allocation) => `invoice ${allocation.number}`).join(', ');
      onDone(
        `${answer.recorded ? 'Recorded' : 'Already recorded'}: ${formatCents(payment.amountCents)} by ${PAYMENT_METHOD_LABELS[payment.method].toLowerCase()}${
          applied ? `, applied to ${applied}` : ''
        }${payment.unappliedCents ? `; ${formatCents(payment.unappliedCents)} kept as a credit on the account` : ''}. A receipt is on its way to the billing contacts.`,
      );
    },
  );
  const { errors, isSubmitting } = formState;
  const method = watch('method');
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Record a payment">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Select label="Paid by" {...register('method')} error={errors.method?.message}>
          {PAYMENT_METHODS.map((value) => (
            <option key={value} value={value}>
              {PAYMENT_METHOD_LABELS[value]}
            </option>
          ))}
        </Select>
        <TextField
          label={method === 'check' ? 'Check number' : 'Reference (optional)'}
          autoComplete="off"
          {...register('reference')}
          error={errors.reference?.message}
        />
        <TextField label="Date received" type="date" {...register('receivedOn')} error={errors.receivedOn?.message} />
        <TextField label="Amount ($)" inputMode="decimal" autoComplete="off" {...register('amount')} error={errors.amount?.message} />
      </div>
      {openInvoices.length ? (
        <fieldset className="grid gap-3">
          <legend className="mb-1 font-semibold text-slate-900 dark:text-white">Apply to invoices</legend>
          <p className={muted}>
            Leave these blank to pay the oldest invoices first. Anything not applied stays as a credit on the account.
          </p>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {openInvoices.map((invoice) => (
              <TextField
                key={invoice.id}
                label={`Invoice ${invoice.number} (${formatCents(invoice.amountDueCents)} due)`}
                inputMode="decimal"
                autoComplete="off"
                {...register(`apply.${invoice.id}`)}
                error={errors.apply?.[invoice.id]?.message}
              />
            ))}
          </div>
        </fieldset>
      ) : (
        <p className={muted}>No invoice is open: the whole payment becomes a credit on the account.</p>
      )}
      <TextField label="Note (optional)" autoComplete="off" {...register('note')} error={errors.note?.message} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={isSubmitting} className={buttonClass({ size: 'sm' })}>
          {isSubmitting ? 'Recording...' : 'Record payment'}
        </button>
        <FormError>{serverError}</FormError>
      </div>
    </form>
  );
}
