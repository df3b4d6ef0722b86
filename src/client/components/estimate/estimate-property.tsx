import { MapPin } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { EstimateProperty as Property, PublicEstimate } from '../../../shared/api/estimates';
import type { PropertyTotals } from '../../../shared/estimate-totals';
import { Card } from '../ui/card';
import { Fieldset } from '../ui/fieldset';
import { TextField } from '../ui/text-field';
import { LineText, OptionalLine } from './estimate-line';
import { discountOf, type AcceptValues } from './live-totals';
import { PropertyTotalsList } from './property-totals';

const number = new Intl.NumberFormat('en-US');

/** "Retail Center · 120 parking spaces · 48,000 sq ft" */
export function propertyFacts(property: Property) {
  return [
    property.propertyType,
    property.parkingSpaces ? `${number.format(property.parkingSpaces)} parking spaces` : null,
    property.squareFeet ? `${number.format(property.squareFeet)} sq ft` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** One property of the estimate: where and what it is, its lines, its options to tick, its PO number, and its money. */
export function EstimatePropertyCard({
  estimate,
  property,
  totals,
}: {
  estimate: PublicEstimate;
  property: Property;
  totals: PropertyTotals;
}) {
  const { control, register, formState } = useFormContext<AcceptValues>();
  const term = useWatch({ control, name: 'term' });
  const amounts = new Map(totals.lines.map((line) => [line.id, line]));
  const included = property.lines.filter((line) => !line.optional);
  const optional = property.lines.filter((line) => line.optional);
  const titleId = `property-${property.id}`;
  return (
    <Card aria-labelledby={titleId} padding="p-5 sm:p-6" className="space-y-5">
      <div>
        <h3 id={titleId} className="text-xl font-bold text-slate-900 dark:text-white">
          {property.name}
        </h3>
        <p className="mt-1 flex items-start gap-1.5 text-slate-700 dark:text-slate-300">
          <MapPin className="mt-1 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          {property.address}, {property.city}, {property.state} {property.zipCode}
        </p>
        <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{propertyFacts(property)}</p>
      </div>
      <ul className="divide-y divide-slate-200 border-y border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {included.map((line) => (
          <li key={line.id} className="flex py-3">
            <LineText line={line} amounts={amounts.get(line.id)} />
          </li>
        ))}
      </ul>
      {optional.length ? (
        <Fieldset legend={`Options for ${property.name}`} hint="Tick any you would like us to add.">
          <div className="space-y-2">
            {optional.map((line) => (
              <OptionalLine key={line.id} line={line} amounts={amounts.get(line.id)} />
            ))}
          </div>
        </Fieldset>
      ) : null}
      <TextField
        label="PO number (optional)"
        hint="If your accounts payable needs one, we put it on every invoice for this property."
        autoComplete="off"
        maxLength={40}
        error={formState.errors.poNumbers?.[property.id]?.message}
        {...register(`poNumbers.${property.id}`)}
      />
      <PropertyTotalsList property={property} totals={totals} term={term} discountBp={discountOf(estimate, term)} />
    </Card>
  );
}
