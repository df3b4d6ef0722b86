import { Plus } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { ESTIMATE_LIMITS } from '../../../../shared/api/estimate-responses';
import type { Property } from '../../../../shared/api/properties';
import type { EstimateTotals } from '../../../../shared/estimate-totals';
import type { TaxRates } from '../../../../shared/tax-jurisdictions';
import { buttonClass } from '../../../components/ui/button';
import { checkClass, choiceClass } from '../../../components/ui/choice-styles';
import { FieldError } from '../../../components/ui/field';
import { Fieldset } from '../../../components/ui/fieldset';
import { newProperty, propertyFromCustomer } from '../builder-values';
import { listError, sectionTitle, type EstimateFormApi, type PriceBook } from './form-api';
import { PropertyCard } from './property-card';

/** The estimate's properties: the customer's own ticked on (when it is for a customer), new sites added, each a card. */
export function PropertiesFields({
  form,
  book,
  taxRates,
  totals,
  customerProperties,
}: {
  form: EstimateFormApi;
  book: PriceBook;
  taxRates: TaxRates;
  totals: EstimateTotals | null;
  customerProperties: readonly Property[];
}) {
  const properties = useFieldArray({ control: form.control, name: 'properties' });
  const indexOf = (id: string) => properties.fields.findIndex((field) => field.propertyId === id);
  const full = properties.fields.length >= ESTIMATE_LIMITS.properties;
  return (
    <section aria-labelledby="properties-title" className="grid gap-4">
      <h2 id="properties-title" className={sectionTitle}>
        Properties
      </h2>
      {customerProperties.length ? (
        <Fieldset legend="The customer’s properties" hint="Tick those this estimate covers; add new sites below.">
          <div className="flex flex-wrap gap-x-6 gap-y-1">
            {customerProperties.map((property) => (
              <label key={property.id} className={choiceClass}>
                <input
                  type="checkbox"
                  className={checkClass}
                  checked={indexOf(property.id) >= 0}
                  disabled={full && indexOf(property.id) < 0}
                  onChange={(event) =>
                    event.target.checked ? properties.append(propertyFromCustomer(property)) : properties.remove(indexOf(property.id))
                  }
                />
                {property.name}, {property.city}
              </label>
            ))}
          </div>
        </Fieldset>
      ) : null}
      <ul className="grid gap-4">
        {properties.fields.map((field, p) => (
          <PropertyCard
            key={field.id}
            form={form}
            book={book}
            p={p}
            taxRates={taxRates}
            totals={totals?.properties[p]}
            onRemove={properties.fields.length > 1 ? () => properties.remove(p) : undefined}
          />
        ))}
      </ul>
      <FieldError id="properties-error" error={listError(form.formState.errors.properties)} />
      {full ? null : (
        <div>
          <button type="button" onClick={() => properties.append(newProperty())} className={buttonClass({ variant: 'secondary' })}>
            <Plus className="size-4" aria-hidden="true" /> Add {properties.fields.length ? 'another' : 'a'} property
          </button>
        </div>
      )}
    </section>
  );
}
