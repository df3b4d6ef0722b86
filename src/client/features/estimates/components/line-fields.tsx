import { X } from 'lucide-react';
import { Controller, useWatch } from 'react-hook-form';
import { UNIT_NAMES } from '../../../../shared/estimate-totals';
import { centsToInput, formatCents } from '../../../../shared/money';
import { RecurrenceFields } from '../../../components/recurrence-fields';
import { buttonClass } from '../../../components/ui/button';
import { checkClass, choiceClass } from '../../../components/ui/choice-styles';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { lineAmount } from '../builder-totals';
import { defaultRecurrence } from '../builder-values';
import type { EstimateFormApi, PriceBook } from './form-api';

const quiet = 'text-sm text-slate-600 dark:text-slate-400';

/** A line's own amount in words: what it adds a month, once, or by the hour. */
function LineAmount({ amount }: { amount: ReturnType<typeof lineAmount> }) {
  if (!amount) return null;
  const text = amount.monthlyCents
    ? `about ${formatCents(amount.monthlyCents)} a month`
    : amount.oneTimeCents
      ? `${formatCents(amount.oneTimeCents)} one time`
      : amount.hourlyCents
        ? `${formatCents(amount.hourlyCents)} an hour, as needed`
        : null;
  return text ? <span className="text-sm font-semibold text-slate-900 tabular-nums dark:text-white">{text}</span> : null;
}

/**
 * One line of a property: a price-book service (choosing it fills its price and a usual round), the
 * price, how often (the plan form's recurrence, or one time), optional or included, and its amount.
 */
export function LineFields({
  form,
  book,
  p,
  l,
  where,
  onRemove,
}: {
  form: EstimateFormApi;
  book: PriceBook;
  p: number;
  l: number;
  where: string;
  onRemove?: () => void;
}) {
  const path = `properties.${p}.lines.${l}` as const;
  const line = useWatch({ control: form.control, name: path });
  const service = book.byId.get(line.serviceId);
  const errors = form.formState.errors.properties?.[p]?.lines?.[l];
  const offered = service && !service.active ? [service, ...book.active] : book.active;
  const context = <span className="sr-only"> ({where})</span>;
  return (
    <li data-line={l} className="rounded-xl border border-slate-200 p-3 sm:p-4 dark:border-slate-700">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.2fr)]">
        <Select
          label={<>Service{context}</>}
          {...form.register(`${path}.serviceId`, {
            onChange: (event: { target: { value: string } }) => {
              const chosen = book.byId.get(event.target.value);
              if (!chosen) return;
              // Checked again once the form has been sent, so an error about the empty price goes as it fills.
              const check = { shouldValidate: form.formState.isSubmitted };
              form.setValue(`${path}.unitPriceCents`, centsToInput(chosen.priceCents), check);
              form.setValue(`${path}.rrule`, defaultRecurrence(chosen.unit), check);
            },
          })}
          error={errors?.serviceId?.message}
        >
          <option value="">Choose a service…</option>
          {offered.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name} · {formatCents(option.priceCents)} {UNIT_NAMES[option.unit]}
            </option>
          ))}
        </Select>
        <TextField
          label={
            <>
              Price {service ? UNIT_NAMES[service.unit] : ''}
              {context}
            </>
          }
          inputMode="decimal"
          placeholder="0.00"
          {...form.register(`${path}.unitPriceCents`)}
          error={errors?.unitPriceCents?.message}
        />
        {service?.unit === 'visit' ? (
          <Select
            label={<>Frequency{context}</>}
            value={line.rrule ? 'repeats' : 'once'}
            onChange={(event) =>
              form.setValue(`${path}.rrule`, event.target.value === 'once' ? null : defaultRecurrence('visit'), {
                shouldValidate: form.formState.isSubmitted,
              })
            }
          >
            <option value="repeats">Repeats on a schedule</option>
            <option value="once">One time (a single visit)</option>
          </Select>
        ) : (
          <div>
            <p className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">Frequency</p>
            <p className="py-2 text-sm text-slate-700 dark:text-slate-300">
              {!service
                ? 'Choose a service first'
                : service.unit === 'month'
                  ? 'A monthly fee, with visits on a schedule'
                  : service.unit === 'hour'
                    ? 'As needed, by the hour'
                    : 'One time'}
            </p>
          </div>
        )}
      </div>
      {line.rrule && service && (service.unit === 'visit' || service.unit === 'month') ? (
        <div className="mt-3 rounded-lg bg-slate-50 p-3 dark:bg-slate-950/60">
          <Controller
            control={form.control}
            name={`${path}.rrule`}
            render={({ field, fieldState }) => (
              <RecurrenceFields
                legend={<>Visits repeat{context}</>}
                value={field.value!}
                onChange={(recurrence) => {
                  field.onChange(recurrence);
                  form.clearErrors(`${path}.rrule`);
                }}
                error={fieldState.error?.message}
              />
            )}
          />
        </div>
      ) : errors?.rrule?.message ? (
        <p className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">{errors.rrule.message}</p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <label className={choiceClass}>
          <input type="checkbox" {...form.register(`${path}.optional`)} className={checkClass} />
          <span>
            Optional<span className={quiet}> · the customer ticks it on</span>
            {context}
          </span>
        </label>
        <div className="flex items-center gap-3">
          <LineAmount amount={lineAmount(line, service)} />
          {onRemove ? (
            <button type="button" onClick={onRemove} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
              <X className="size-4" aria-hidden="true" />
              Remove<span className="sr-only"> this line ({where})</span>
            </button>
          ) : null}
        </div>
      </div>
    </li>
  );
}
