import { useId } from 'react';
import { PROPERTY_TYPES, type Property } from '../../../../shared/portal-types';
import { propertyInputSchema } from '../../../../shared/staff-schemas';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextField, inputClass } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';

export type PropertyFormValues = Omit<Property, 'id'>;
export const emptyProperty: PropertyFormValues = {
  name: '',
  address: '',
  city: '',
  state: 'WI',
  zipCode: '',
  propertyType: 'Retail Center',
};

export function PropertyForm({
  initial,
  submitLabel,
  pending,
  serverError,
  onSubmit,
  onCancel,
}: {
  initial: PropertyFormValues;
  submitLabel: string;
  pending: boolean;
  serverError: string | null;
  onSubmit: (values: PropertyFormValues) => void;
  onCancel?: () => void;
}) {
  const typeId = useId();
  const { values, errors, set, submit } = useSchemaForm(propertyInputSchema, initial, onSubmit);
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField label="Property name" value={values.name} onChange={set('name')} error={errors.name} />
      <div>
        <label htmlFor={typeId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
          Property type
        </label>
        <select id={typeId} value={values.propertyType} onChange={set('propertyType')} className={inputClass}>
          {PROPERTY_TYPES.map((type) => (
            <option key={type}>{type}</option>
          ))}
        </select>
      </div>
      <TextField label="Street address" value={values.address} onChange={set('address')} error={errors.address} />
      <TextField label="City" value={values.city} onChange={set('city')} error={errors.city} />
      <TextField label="State" value={values.state} onChange={set('state')} error={errors.state} maxLength={2} />
      <TextField label="ZIP code" value={values.zipCode} onChange={set('zipCode')} error={errors.zipCode} inputMode="numeric" />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <button type="submit" disabled={pending} className={buttonClass({ size: 'sm' })}>
          {pending ? 'Saving...' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
            Cancel
          </button>
        ) : null}
        <FormError>{serverError}</FormError>
      </div>
    </form>
  );
}
