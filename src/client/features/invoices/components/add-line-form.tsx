import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import type { Invoice } from '../../../../shared/api/invoices';
import { invoiceAdjustmentFormSchema, type InvoiceAdjustmentFormValues } from '../../../../shared/api/invoices';
import { TAX_CLASS_NAMES } from '../../../../shared/api/pricing';
import { TAX_CLASSES } from '../../../../shared/estimate-totals';
import { formatCents } from '../../../../shared/money';
import { buttonClass } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/form-error';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useAddInvoiceLine } from '../api/invoices';

/** The form itself: which property, what it is, the amount in dollars (a credit negative), its tax, and why. */
function LineForm({ invoice, onDone }: { invoice: Invoice; onDone: (message: string | null) => void }) {
  const add = useAddInvoiceLine(invoice.id);
  const sections = invoice.sections;
  const defaults: InvoiceAdjustmentFormValues = {
    propertyId: sections[0]?.propertyId ?? '',
    description: '',
    amount: '',
    taxClass: 'exempt',
    reason: '',
  };
  const { register, submit, serverError, formState } = useSchemaForm(invoiceAdjustmentFormSchema, defaults, async (values) => {
    await add.mutateAsync(values);
    const where = sections.length > 1 ? ` to ${sections.find((section) => section.propertyId === values.propertyId)?.propertyName}` : '';
    onDone(`Added “${values.description}” (${formatCents(values.amountCents)})${where}.`);
  });
  const { errors, isSubmitting } = formState;
  return (
    <form onSubmit={submit} noValidate aria-label="Add a line" className="mt-4 grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {sections.length > 1 ? (
          <Select label="Property" {...register('propertyId')} error={errors.propertyId?.message} className="sm:col-span-2">
            {sections.map((section) => (
              <option key={section.propertyId} value={section.propertyId}>
                {section.propertyName}
              </option>
            ))}
          </Select>
        ) : null}
        <TextField
          label="Description"
          hint="As the customer reads it on the invoice."
          autoComplete="off"
          className="sm:col-span-2"
          {...register('description')}
          error={errors.description?.message}
        />
        <TextField
          label="Amount ($)"
          hint="A credit takes a minus sign: -45.00"
          inputMode="decimal"
          autoComplete="off"
          {...register('amount')}
          error={errors.amount?.message}
        />
        <Select label="Sales tax" hint="At the property’s rate when taxable." {...register('taxClass')} error={errors.taxClass?.message}>
          {TAX_CLASSES.map((value) => (
            <option key={value} value={value}>
              {TAX_CLASS_NAMES[value]}
            </option>
          ))}
        </Select>
        <TextField
          label="Reason"
          hint="Why the line is added. The audit log keeps it; the customer does not see it."
          autoComplete="off"
          className="sm:col-span-2"
          {...register('reason')}
          error={errors.reason?.message}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={isSubmitting} className={buttonClass({ size: 'sm' })}>
          {isSubmitting ? 'Adding...' : 'Add line'}
        </button>
        <button type="button" className={buttonClass({ variant: 'ghost', size: 'sm' })} onClick={() => onDone(null)}>
          Cancel
        </button>
        <FormError>{serverError}</FormError>
      </div>
    </form>
  );
}

/** "Add a line" to a draft by hand: an extra charge, or a credit, with the reason the audit log keeps. */
export function AddLineCard({ invoice, onNotice }: { invoice: Invoice; onNotice: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cardClass()}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
            Add a line
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">An extra charge, or a credit, that the billing run did not make.</p>
        </div>
        {!open && invoice.sections.length ? (
          <button type="button" className={buttonClass({ variant: 'secondary', size: 'sm' })} onClick={() => setOpen(true)}>
            <Plus className="size-4" aria-hidden="true" />
            Add a line
          </button>
        ) : null}
      </div>
      {open ? (
        <LineForm
          invoice={invoice}
          onDone={(message) => {
            setOpen(false);
            if (message) onNotice(message);
          }}
        />
      ) : null}
    </section>
  );
}
