import { Plus } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { ESTIMATE_LIMITS } from '../../../../shared/api/estimate-responses';
import { buttonClass } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field';
import { emptyLine } from '../builder-values';
import { listError, type EstimateFormApi, type PriceBook } from './form-api';
import { LineFields } from './line-fields';

/** A property's services, each a line from the price book; at least one, and an "Add a service" button. */
export function PropertyLines({ form, book, p, where }: { form: EstimateFormApi; book: PriceBook; p: number; where: string }) {
  const lines = useFieldArray({ control: form.control, name: `properties.${p}.lines` });
  const error = listError(form.formState.errors.properties?.[p]?.lines);
  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-900 dark:text-white">Services</h4>
      <ul className="mt-2 grid gap-3">
        {lines.fields.map((field, l) => (
          <LineFields
            key={field.id}
            form={form}
            book={book}
            p={p}
            l={l}
            where={`line ${l + 1}, ${where}`}
            onRemove={lines.fields.length > 1 ? () => lines.remove(l) : undefined}
          />
        ))}
      </ul>
      <FieldError id={`property-${p}-lines-error`} error={error} />
      {lines.fields.length < ESTIMATE_LIMITS.linesPerProperty ? (
        <button
          type="button"
          onClick={() => lines.append({ ...emptyLine })}
          className={buttonClass({ variant: 'secondary', size: 'sm', className: 'mt-3' })}
        >
          <Plus className="size-4" aria-hidden="true" /> Add a service<span className="sr-only"> to {where}</span>
        </button>
      ) : null}
    </div>
  );
}
