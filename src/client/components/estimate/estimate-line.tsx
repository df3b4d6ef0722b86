import { useFormContext, useWatch } from 'react-hook-form';
import type { EstimateLine } from '../../../shared/api/estimates';
import { UNIT_NAMES, type LineTotals } from '../../../shared/estimate-totals';
import { formatCents } from '../../../shared/money';
import type { AcceptValues } from './live-totals';

/** A line's price in words: "$85.00 per visit", and what recurring work comes to in an average month. */
function LinePrice({ line, amounts }: { line: EstimateLine; amounts: LineTotals | undefined }) {
  const recurring = line.unit === 'visit' && line.rrule !== null && amounts;
  return (
    <span className="block shrink-0 sm:text-right">
      <span className="block font-semibold text-slate-900 tabular-nums dark:text-white">
        {formatCents(line.unitPriceCents)}{' '}
        <span className="text-sm font-normal text-slate-600 dark:text-slate-400">{UNIT_NAMES[line.unit]}</span>
      </span>
      {recurring ? (
        <span className="block text-sm text-slate-600 tabular-nums dark:text-slate-400">
          about {formatCents(amounts.monthlyCents)} a month
        </span>
      ) : null}
      {line.unit === 'hour' ? <span className="block text-sm text-slate-600 dark:text-slate-400">billed only when you call us</span> : null}
    </span>
  );
}

/** What a line is (spans only: it sits inside an optional line's label): the service, how often, the description, and its price. */
export function LineText({ line, amounts }: { line: EstimateLine; amounts: LineTotals | undefined }) {
  return (
    <span className="flex min-w-0 flex-1 flex-wrap justify-between gap-x-4 gap-y-1">
      <span className="block min-w-0 flex-1 basis-48">
        <span className="block font-semibold text-slate-900 dark:text-white">{line.name}</span>
        <span className="block text-sm font-medium text-brand-800 dark:text-brand-300">{line.frequency}</span>
        {line.description ? <span className="block mt-1 text-sm text-slate-600 dark:text-slate-400">{line.description}</span> : null}
      </span>
      <LinePrice line={line} amounts={amounts} />
    </span>
  );
}

/** An optional line: unticked at first; ticking it adds it to the property's and the estimate's totals. */
export function OptionalLine({ line, amounts }: { line: EstimateLine; amounts: LineTotals | undefined }) {
  const { control, setValue } = useFormContext<AcceptValues>();
  const chosen = useWatch({ control, name: 'optionalLineIds' }) ?? [];
  const checked = chosen.includes(line.id);
  const toggle = () =>
    setValue('optionalLineIds', checked ? chosen.filter((id) => id !== line.id) : [...chosen, line.id], { shouldDirty: true });
  return (
    <label className="flex cursor-pointer gap-3 rounded-lg border border-dashed border-slate-300 p-3 has-[:checked]:border-solid has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/60 dark:border-slate-700 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-brand-950/40">
      <input
        type="checkbox"
        checked={checked}
        onChange={toggle}
        className="mt-1 size-5 shrink-0 accent-brand-700 dark:accent-brand-400"
        aria-describedby={`${line.id}-adds`}
      />
      <span className="min-w-0 flex-1">
        <LineText line={line} amounts={amounts} />
        <span
          id={`${line.id}-adds`}
          className="mt-1 block text-xs font-semibold uppercase tracking-wide text-leaf-700 dark:text-emerald-400"
        >
          {checked ? 'Added to your estimate' : 'Optional: tick to add'}
        </span>
      </span>
    </label>
  );
}
