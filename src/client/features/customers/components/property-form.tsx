import type { UseFormRegisterReturn } from 'react-hook-form';
import { PROPERTY_TYPES, type Property } from '../../../../shared/api/properties';
import { propertyInputSchema, type PropertyInput } from '../../../../shared/staff-schemas';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { Select } from '../../../components/ui/select';

export type PropertyFormValues = Omit<Property, 'id'>;
export const emptyProperty: PropertyFormValues = {
  name: '',
  address: '',
  city: '',
  state: 'WI',
  zipCode: '',
  propertyType: 'Retail Center',
};

/** The property-type list, for a property's form; takes react-hook-form's `register(...)`. */
export function PropertyTypeField(props: UseFormRegisterReturn) {
  return (
    <Select label="Property type" {...props}>
      {PROPERTY_TYPES.map((type) => (
        <option key={type}>{type}</option>
      ))}
    </Select>
  );
}

export function PropertyForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: PropertyFormValues;
  submitLabel: string;
  onSubmit: (values: PropertyInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { register, submit, serverError, formState } = useSchemaForm(propertyInputSchema, initial as PropertyInput, onSubmit);
  const { errors, isSubmitting } = formState;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField label="Property name" {...register('name')} error={errors.name?.message} />
      <PropertyTypeField {...register('propertyType')} />
      <TextField label="Street address" {...register('address')} error={errors.address?.message} />
      <TextField label="City" {...register('city')} error={errors.city?.message} />
      <TextField label="State" {...register('state')} error={errors.state?.message} maxLength={2} />
      <TextField label="ZIP code" {...register('zipCode')} error={errors.zipCode?.message} inputMode="numeric" />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <button type="submit" disabled={isSubmitting} className={buttonClass({ size: 'sm' })}>
          {isSubmitting ? 'Saving...' : submitLabel}
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
