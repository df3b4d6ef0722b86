import { Trash2 } from 'lucide-react';
import { Controller, useWatch } from 'react-hook-form';
import type { PropertyTotals } from '../../../../shared/estimate-totals';
import type { TaxRates } from '../../../../shared/tax-jurisdictions';
import { useCrewMembers } from '../../../api/get-crew-members';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CrewPicker } from '../../../components/ui/crew-picker';
import { Fieldset } from '../../../components/ui/fieldset';
import type { EstimateFormApi, PriceBook } from './form-api';
import { PropertyFigures } from './property-figures';
import { PropertyLines } from './property-lines';
import { PropertySiteFields } from './property-site-fields';

/** One property of the estimate: its site, its services and the crew proposed for it, with its figures. */
export function PropertyCard({
  form,
  book,
  p,
  taxRates,
  totals,
  onRemove,
}: {
  form: EstimateFormApi;
  book: PriceBook;
  p: number;
  taxRates: TaxRates;
  totals: PropertyTotals | undefined;
  onRemove?: () => void;
}) {
  const crew = useCrewMembers();
  const name = useWatch({ control: form.control, name: `properties.${p}.name` });
  const where = name.trim() ? name.trim() : `property ${p + 1}`;
  const titleId = `property-${p}-title`;
  return (
    <Card as="li" aria-labelledby={titleId} data-property={p} padding="p-4 sm:p-6" className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">Property {p + 1}</p>
          <h3 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
            {name.trim() || 'New property'}
          </h3>
          <PropertyFigures totals={totals} />
        </div>
        {onRemove ? (
          <button type="button" onClick={onRemove} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
            <Trash2 className="size-4" aria-hidden="true" />
            Remove<span className="sr-only"> {where} from the estimate</span>
          </button>
        ) : null}
      </div>
      <PropertySiteFields form={form} p={p} taxRates={taxRates} />
      <PropertyLines form={form} book={book} p={p} where={where} />
      <Controller
        control={form.control}
        name={`properties.${p}.crewUserIds`}
        render={({ field, fieldState }) => (
          <Fieldset
            legend={
              <>
                Proposed crew<span className="sr-only"> for {where}</span>
              </>
            }
            hint="The plans made on acceptance take this crew; without one, the schedule board shows “needs a crew”."
            error={fieldState.error?.message}
          >
            <CrewPicker
              crew={crew}
              layout="inline"
              value={field.value}
              onChange={field.onChange}
              empty="No crew members yet: invite one under Crew."
            />
          </Fieldset>
        )}
      />
    </Card>
  );
}
