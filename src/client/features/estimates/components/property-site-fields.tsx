import { useWatch } from 'react-hook-form';
import { PROPERTY_TYPES } from '../../../../shared/api/properties';
import { formatPercent } from '../../../../shared/estimate-totals';
import {
  guessTaxJurisdiction,
  JURISDICTION_NAMES,
  TAX_JURISDICTIONS,
  taxRateBp,
  type TaxRates,
} from '../../../../shared/tax-jurisdictions';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import type { EstimateFormApi } from './form-api';

/**
 * A property's site: name, type, address and size, and where it pays sales tax (guessed from the
 * city until staff choose, with the combined rate). A customer's property keeps its address as on file.
 */
export function PropertySiteFields({ form, p, taxRates }: { form: EstimateFormApi; p: number; taxRates: TaxRates }) {
  const path = `properties.${p}` as const;
  const errors = form.formState.errors.properties?.[p];
  const onFile = useWatch({ control: form.control, name: `${path}.propertyId` }) !== null;
  const jurisdiction = useWatch({ control: form.control, name: `${path}.taxJurisdiction` });
  const address = (name: 'name' | 'address' | 'city' | 'state' | 'zipCode') => ({
    ...form.register(`${path}.${name}`, {
      onChange:
        name === 'city'
          ? (event: { target: { value: string } }) => {
              // The guess follows the city until staff choose the jurisdiction themselves.
              if (!form.getFieldState(`${path}.taxJurisdiction`).isTouched)
                form.setValue(`${path}.taxJurisdiction`, guessTaxJurisdiction(event.target.value), {
                  shouldValidate: form.formState.isSubmitted,
                });
            }
          : undefined,
    }),
    readOnly: onFile,
    error: errors?.[name]?.message,
  });
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
      <TextField label="Property name" className="lg:col-span-3" {...address('name')} />
      <Select
        label="Property type"
        className="lg:col-span-3"
        {...form.register(`${path}.propertyType`)}
        error={errors?.propertyType?.message}
      >
        {PROPERTY_TYPES.map((type) => (
          <option key={type}>{type}</option>
        ))}
      </Select>
      <TextField label="Street address" className="sm:col-span-2 lg:col-span-3" autoComplete="off" {...address('address')} />
      <TextField label="City" className="lg:col-span-1" {...address('city')} />
      <TextField label="State" className="lg:col-span-1" maxLength={2} {...address('state')} />
      <TextField label="ZIP code" className="lg:col-span-1" inputMode="numeric" {...address('zipCode')} />
      <TextField
        label="Parking spaces (optional)"
        className="lg:col-span-2"
        inputMode="numeric"
        {...form.register(`${path}.parkingSpaces`)}
        error={errors?.parkingSpaces?.message}
      />
      <TextField
        label="Square feet (optional)"
        className="lg:col-span-2"
        inputMode="numeric"
        {...form.register(`${path}.squareFeet`)}
        error={errors?.squareFeet?.message}
      />
      <Select
        label="Sales tax"
        hint={`${formatPercent(taxRateBp(jurisdiction, taxRates))} on taxable services (landscaping)`}
        className="sm:col-span-2 lg:col-span-2"
        {...form.register(`${path}.taxJurisdiction`)}
        error={errors?.taxJurisdiction?.message}
      >
        {TAX_JURISDICTIONS.map((value) => (
          <option key={value} value={value}>
            {JURISDICTION_NAMES[value]} · {formatPercent(taxRateBp(value, taxRates))}
          </option>
        ))}
      </Select>
      {onFile ? (
        <p className="text-sm text-slate-600 sm:col-span-2 lg:col-span-6 dark:text-slate-400">
          The customer’s property: its name and address are as on file. Change them on the customer’s page.
        </p>
      ) : null}
    </div>
  );
}
