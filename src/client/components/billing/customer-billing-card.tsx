import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { customerBillingInputSchema, type CustomerBilling, type CustomerBillingInput } from '../../../shared/api/payments';
import { PAYMENT_TERMS, PAYMENT_TERMS_LABELS } from '../../../shared/invoices';
import { useCustomerBilling, useUpdateCustomerBilling } from '../../api/billing';
import { useRoleMay } from '../../api/get-auth-user';
import { useSchemaForm } from '../../lib/use-schema-form';
import { buttonClass } from '../ui/button';
import { cardClass } from '../ui/card';
import { FormError } from '../ui/form-error';
import { SavedNotice } from '../ui/saved-notice';
import { Select } from '../ui/select';
import { TextAreaField, TextField } from '../ui/text-field';

const muted = 'text-sm text-slate-600 dark:text-slate-400';
const checkbox = 'size-4 rounded border-slate-400 text-brand-600 dark:border-slate-500';

function BillingForm({ customerId, billing }: { customerId: string; billing: CustomerBilling }) {
  const save = useUpdateCustomerBilling(customerId);
  const [notice, setNotice] = useState('');
  const defaults: CustomerBillingInput = {
    paymentTerms: billing.paymentTerms,
    invoicePerProperty: billing.invoicePerProperty,
    billingAddress: billing.billingAddress ?? '',
    remindersPaused: billing.remindersPaused,
    contacts: billing.contacts.map((contact) => ({ email: contact.email, name: contact.name ?? '' })),
  };
  const { register, submit, serverError, formState, control } = useSchemaForm(customerBillingInputSchema, defaults, async (values) => {
    setNotice('');
    await save.mutateAsync(values);
    setNotice('Billing details saved. They apply from the next invoice approved.');
  });
  const contacts = useFieldArray({ control, name: 'contacts' });
  const { errors, isSubmitting } = formState;
  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-4" aria-label="How this customer is billed">
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Payment terms" {...register('paymentTerms')} error={errors.paymentTerms?.message}>
          {PAYMENT_TERMS.map((terms) => (
            <option key={terms} value={terms}>
              {PAYMENT_TERMS_LABELS[terms]}
            </option>
          ))}
        </Select>
        <TextAreaField
          label="Billing address (optional)"
          hint="Where invoices are addressed; blank: the customer’s address"
          rows={3}
          {...register('billingAddress')}
          error={errors.billingAddress?.message}
        />
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-900 dark:text-white">
        <input type="checkbox" className={checkbox} {...register('invoicePerProperty')} />
        One invoice per property (instead of one invoice with a section per property)
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-900 dark:text-white">
        <input type="checkbox" className={checkbox} {...register('remindersPaused')} />
        Pause payment reminders for this customer
      </label>
      <fieldset className="grid gap-3">
        <legend className="mb-1 font-semibold text-slate-900 dark:text-white">Billing contacts</legend>
        <p className={muted}>Invoices, statements and reminders go to these addresses. With none, they go to the people who sign in.</p>
        {contacts.fields.map((field, index) => (
          <div key={field.id} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
            <TextField
              label="E-mail"
              type="email"
              autoComplete="off"
              {...register(`contacts.${index}.email`)}
              error={errors.contacts?.[index]?.email?.message}
            />
            <TextField
              label="Name (optional)"
              autoComplete="off"
              {...register(`contacts.${index}.name`)}
              error={errors.contacts?.[index]?.name?.message}
            />
            <button type="button" className={buttonClass({ variant: 'ghost', size: 'sm' })} onClick={() => contacts.remove(index)}>
              Remove contact
            </button>
          </div>
        ))}
        {errors.contacts?.message ? <FormError>{errors.contacts.message}</FormError> : null}
        <div>
          <button
            type="button"
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
            onClick={() => contacts.append({ email: '', name: '' })}
          >
            Add a billing contact
          </button>
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={isSubmitting} className={buttonClass({ size: 'sm' })}>
          {isSubmitting ? 'Saving...' : 'Save billing details'}
        </button>
        <FormError>{serverError}</FormError>
      </div>
      <SavedNotice notice={notice} />
    </form>
  );
}

/** How a customer is billed, on its console page: terms, one invoice or one per property, address, reminders and billing contacts. */
export function CustomerBillingCard({ customerId }: { customerId: string }) {
  const billing = useCustomerBilling(customerId);
  const mayEdit = useRoleMay('update', 'payment');
  return (
    <section aria-labelledby="billing-title" className={cardClass({ className: 'min-w-0' })}>
      <h2 id="billing-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Billing
      </h2>
      {billing.isPending ? (
        <p className={`mt-2 ${muted}`}>Loading the billing details...</p>
      ) : billing.isError ? (
        <p role="alert" className="mt-2 text-red-700 dark:text-red-400">
          Could not load the billing details. Please refresh the page.
        </p>
      ) : (
        <>
          <p className={`mt-1 ${muted}`}>
            Invoices go to {billing.data.recipients.map((recipient) => recipient.email).join(', ') || 'nobody yet: add a billing contact'}.
          </p>
          {mayEdit ? (
            <BillingForm customerId={customerId} billing={billing.data} />
          ) : (
            <p className="mt-2 text-sm text-slate-900 dark:text-white">{PAYMENT_TERMS_LABELS[billing.data.paymentTerms]}</p>
          )}
        </>
      )}
    </section>
  );
}
