import { useState } from 'react';
import { Controller } from 'react-hook-form';
import type { Plan, PlanInput } from '../../../../shared/api/plans';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { failureMessage } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { ChecklistFields, InstructionsField, PlanCrewFields, TimeWindowFields } from './plan-form-fields';
import { planFormSchema, planFormValues, type PlanFormValues } from './plan-form-values';
import { RecurrenceFields } from '../../../components/recurrence-fields';

/** A plan's form, for adding and editing: recurrence, dates, window, checklist, crew and instructions. */
export function PlanForm({
  plan,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  plan?: Plan;
  submitLabel: string;
  onSubmit(input: PlanInput): Promise<unknown>;
  onCancel?(): void;
}) {
  // A failed save is said for the whole form as well as beside the fields the server named.
  const [failure, setFailure] = useState<Error | null>(null);
  const form = useSchemaForm<PlanFormValues, PlanInput>(planFormSchema, planFormValues(plan), async (input) => {
    try {
      await onSubmit(input);
    } catch (error) {
      setFailure(error as Error);
      throw error;
    }
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <form
      onSubmit={(event) => {
        setFailure(null);
        void form.submit(event);
      }}
      noValidate
      className="grid gap-6"
    >
      <div className="max-w-md">
        <TextField label="Plan name" placeholder="Twice-weekly lot sweep" {...form.register('name')} error={errors.name?.message} />
      </div>

      <Controller
        control={form.control}
        name="rrule"
        render={({ field, fieldState }) => (
          <RecurrenceFields
            value={field.value}
            onChange={(recurrence) => {
              field.onChange(recurrence);
              // The error was about the recurrence as it was.
              form.clearErrors('rrule');
            }}
            error={fieldState.error?.message}
          />
        )}
      />

      <div className="grid max-w-md grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField label="Start date" type="date" {...form.register('startDate')} error={errors.startDate?.message} />
        <TextField
          label="End date (optional)"
          type="date"
          min={form.watch('startDate')}
          {...form.register('endDate')}
          error={errors.endDate?.message}
        />
      </div>

      <TimeWindowFields form={form} />
      <ChecklistFields form={form} />
      <PlanCrewFields form={form} />
      <InstructionsField form={form} />

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={isSubmitting} className={buttonClass()}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel} className={buttonClass({ variant: 'ghost' })}>
            Cancel
          </button>
        ) : null}
      </div>
      <FormError>{failure ? failureMessage('save the plan', failure) : null}</FormError>
    </form>
  );
}
