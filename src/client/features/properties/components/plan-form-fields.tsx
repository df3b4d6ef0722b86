import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { PlanInput } from '../../../../shared/api/plans';
import { CHECKLIST_MAX_ITEMS, INSTRUCTIONS_MAX } from '../../../../shared/visits';
import { buttonClass } from '../../../components/ui/button';
import { CrewPicker } from '../../../components/ui/crew-picker';
import { Fieldset } from '../../../components/ui/fieldset';
import { inputClass, TextAreaField, TextField } from '../../../components/ui/text-field';
import { useCrewMembers } from '../../../api/get-crew-members';
import { firstMessage, type PlanFormValues } from './plan-form-values';
import { checkClass, choiceClass } from '../../../components/ui/choice-styles';

export type PlanFormApi = UseFormReturn<PlanFormValues, unknown, PlanInput>;

/** Anytime on the crew's route, or between two times. */
export function TimeWindowFields({ form }: { form: PlanFormApi }) {
  const name = useId();
  const anytime = useWatch({ control: form.control, name: 'window.anytime' });
  const choose = (value: boolean) => form.setValue('window.anytime', value);
  return (
    <Fieldset
      legend="Time window"
      error={firstMessage(form.formState.errors.window)}
      hint="Without a window, the visit is done any time that day, on the crew’s route."
    >
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        <label className={choiceClass}>
          <input type="radio" name={name} checked={anytime} onChange={() => choose(true)} className={checkClass} />
          Anytime
        </label>
        <label className={choiceClass}>
          <input type="radio" name={name} checked={!anytime} onChange={() => choose(false)} className={checkClass} />
          Between set times
        </label>
      </div>
      {anytime ? null : (
        <div className="mt-2 grid max-w-md grid-cols-2 gap-3">
          <TextField label="From" type="time" {...form.register('window.from')} />
          <TextField label="To" type="time" {...form.register('window.to')} />
        </div>
      )}
    </Fieldset>
  );
}

/** The checklist the crew ticks, in order: items edited, removed and added, up to the contract's maximum. */
export function ChecklistFields({ form }: { form: PlanFormApi }) {
  const items = useWatch({ control: form.control, name: 'checklist' });
  const setItems = (next: string[]) => form.setValue('checklist', next, { shouldValidate: form.formState.isSubmitted });
  return (
    <Fieldset
      legend="Checklist"
      error={firstMessage(form.formState.errors.checklist)}
      hint="The crew ticks each item on their phone, in this order."
    >
      <ol className="grid gap-2">
        {items.map((_, index) => (
          <li key={index} className="flex items-center gap-2">
            <span className="w-6 shrink-0 text-right text-sm text-slate-600 dark:text-slate-400" aria-hidden="true">
              {index + 1}.
            </span>
            <input aria-label={`Checklist item ${index + 1}`} {...form.register(`checklist.${index}`)} className={inputClass} />
            <button
              type="button"
              onClick={() => setItems(form.getValues('checklist').filter((__, i) => i !== index))}
              className={buttonClass({ variant: 'ghost', size: 'sm', className: 'size-11 shrink-0 px-0' })}
            >
              <X className="size-4" aria-hidden="true" />
              <span className="sr-only">Remove checklist item {index + 1}</span>
            </button>
          </li>
        ))}
      </ol>
      {items.length < CHECKLIST_MAX_ITEMS ? (
        <button
          type="button"
          onClick={() => setItems([...form.getValues('checklist'), ''])}
          className={buttonClass({ variant: 'secondary', size: 'sm', className: 'mt-2' })}
        >
          <Plus className="size-4" aria-hidden="true" /> Add an item
        </button>
      ) : null}
    </Fieldset>
  );
}

/** Who the plan's visits are assigned to. */
export function PlanCrewFields({ form }: { form: PlanFormApi }) {
  const crew = useCrewMembers();
  return (
    <Fieldset
      legend="Crew"
      error={firstMessage(form.formState.errors.crewUserIds)}
      hint="Each visit is assigned to them; staff can reassign a single visit on the schedule."
    >
      <CrewPicker
        crew={crew}
        layout="inline"
        field={form.register('crewUserIds')}
        empty="No crew members yet. Visits can be assigned once a crew member is invited."
      />
    </Fieldset>
  );
}

/** Notes the crew read on their phone. */
export function InstructionsField({ form }: { form: PlanFormApi }) {
  return (
    <div className="max-w-2xl">
      <TextAreaField
        label="Instructions for the crew (optional)"
        rows={3}
        maxLength={INSTRUCTIONS_MAX}
        placeholder="Gate code, where to park the truck, which bins the tenant empties…"
        error={form.formState.errors.instructions?.message}
        {...form.register('instructions')}
      />
    </div>
  );
}
