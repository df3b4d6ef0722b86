import { useEffect } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PROPERTY_TYPES, type ConsoleProperty } from '../../../../shared/api/properties';
import { formatPercent } from '../../../../shared/estimate-totals';
import { guessTaxJurisdiction, JURISDICTION_NAMES, TAX_JURISDICTIONS, taxRateBp } from '../../../../shared/tax-jurisdictions';
import { useBillingSettings } from '../../../api/get-billing-settings';
import { propertyInputSchema, type PropertyInput } from '../../../../shared/staff-schemas';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { Select } from '../../../components/ui/select';

export type PropertyFormValues = Omit<ConsoleProperty, 'id'>;
export const emptyProperty: PropertyFormValues = {
  name: '',
  address: '',
  city: '',
  state: 'WI',
  zipCode: '',
  propertyType: 'Retail Center',
  taxJurisdiction: 'wisconsin',
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

/** Whose sales tax applies, with each jurisdiction's combined rate once the settings are read ("City of Milwaukee (7.9%)"). */
function SalesTaxField({ error, ...props }: UseFormRegisterReturn & { error?: string }) {
  const settings = useBillingSettings();
  const rates = settings.data?.taxRates;
  return (
    <Select label="Sales tax" hint="Follows the city unless you choose" error={error} {...props}>
      {TAX_JURISDICTIONS.map((jurisdiction) => (
        <option key={jurisdiction} value={jurisdiction}>
          {JURISDICTION_NAMES[jurisdiction]}
          {rates ? ` (${formatPercent(taxRateBp(jurisdiction, rates))})` : ''}
        </option>
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
  const { register, submit, serverError, formState, watch, setValue, getFieldState } = useSchemaForm(
    propertyInputSchema,
    initial as PropertyInput,
    onSubmit,
  );
  const { errors, isSubmitting } = formState;
  // A new city suggests its sales tax, as the server would, until staff choose one themselves.
  const city = watch('city');
  useEffect(() => {
    if (city !== initial.city && !getFieldState('taxJurisdiction').isDirty) setValue('taxJurisdiction', guessTaxJurisdiction(city));
  }, [city, initial.city, getFieldState, setValue]);
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField label="Property name" {...register('name')} error={errors.name?.message} />
      <PropertyTypeField {...register('propertyType')} />
      <TextField label="Street address" {...register('address')} error={errors.address?.message} />
      <TextField label="City" {...register('city')} error={errors.city?.message} />
      <TextField label="State" {...register('state')} error={errors.state?.message} maxLength={2} />
      <TextField label="ZIP code" {...register('zipCode')} error={errors.zipCode?.message} inputMode="numeric" />
      <SalesTaxField {...register('taxJurisdiction')} error={errors.taxJurisdiction?.message} />
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
