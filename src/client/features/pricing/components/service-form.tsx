import { SERVICE_UNITS, TAX_CLASSES, UNIT_NAMES } from '../../../../shared/estimate-totals';
import { centsToInput } from '../../../../shared/money';
import {
  priceBookServiceFormSchema,
  TAX_CLASS_NAMES,
  type PriceBookService,
  type PriceBookServiceCreate,
  type PriceBookServiceFormValues,
} from '../../../../shared/api/pricing';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Select } from '../../../components/ui/select';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';

/** Why a service is or is not taxed, beside the choice: Wisconsin taxes landscaping, not cleaning. */
const TAX_CLASS_HINTS = { exempt: 'cleaning real property', taxable: 'landscaping, lawn care' } as const;

/** A new service's form starts here. */
const blank: PriceBookServiceFormValues = { name: '', description: '', unit: 'visit', priceCents: '', taxClass: 'exempt', checklist: '' };

/** The form's values for a service: the price in dollars as typed, the checklist one item per line. */
const valuesOf = (service: PriceBookService): PriceBookServiceFormValues => ({
  name: service.name,
  description: service.description,
  unit: service.unit,
  priceCents: centsToInput(service.priceCents),
  taxClass: service.taxClass,
  checklist: service.checklist.join('\n'),
});

/** Adds a service or edits one: name, unit, price in dollars, tax class, description and checklist. */
export function ServiceForm({
  service,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  service?: PriceBookService;
  submitLabel: string;
  onSubmit: (values: PriceBookServiceCreate) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { register, submit, serverError, formState } = useSchemaForm(
    priceBookServiceFormSchema,
    service ? valuesOf(service) : blank,
    onSubmit,
  );
  const { errors, isSubmitting } = formState;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField label="Name" autoComplete="off" {...register('name')} error={errors.name?.message} className="sm:col-span-2" />
      <TextField
        label="Price"
        hint="In dollars, such as 85 or 85.00"
        inputMode="decimal"
        autoComplete="off"
        {...register('priceCents')}
        error={errors.priceCents?.message}
      />
      <Select label="Unit" hint="What the price is for" {...register('unit')} error={errors.unit?.message}>
        {SERVICE_UNITS.map((unit) => (
          <option key={unit} value={unit}>
            {UNIT_NAMES[unit]}
          </option>
        ))}
      </Select>
      <Select label="Sales tax" hint="Wisconsin taxes landscaping, not cleaning" {...register('taxClass')} error={errors.taxClass?.message}>
        {TAX_CLASSES.map((taxClass) => (
          <option key={taxClass} value={taxClass}>
            {TAX_CLASS_NAMES[taxClass]} ({TAX_CLASS_HINTS[taxClass]})
          </option>
        ))}
      </Select>
      <TextField label="Description" {...register('description')} error={errors.description?.message} className="sm:col-span-2" />
      <TextAreaField
        label="Checklist"
        hint="One item per line: what the crew checks off on each visit"
        rows={4}
        {...register('checklist')}
        error={errors.checklist?.message}
        className="sm:col-span-2"
      />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <button type="submit" disabled={isSubmitting} className={buttonClass({ size: 'sm' })}>
          {isSubmitting ? 'Saving...' : submitLabel}
        </button>
        <button type="button" onClick={onCancel} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
          Cancel
        </button>
        <FormError>{serverError}</FormError>
      </div>
    </form>
  );
}
