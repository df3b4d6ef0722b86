import { CalendarPlus, Plus, X } from 'lucide-react';
import { extraCleanupInputSchema, type ExtraCleanupInput } from '../../../../shared/api/service-requests';
import { addDays, localToday } from '../../../../shared/local-dates';
import { PREFERRED_DATES_AHEAD_DAYS, PREFERRED_DATES_MAX, SERVICE_REQUEST_NOTE_MAX } from '../../../../shared/service-requests';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { inputClass, TextAreaField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRequestCleanup } from '../api/request-cleanup';
import { FieldError, labelClass } from '../../../components/ui/field';

/** "Request an extra cleanup": one to three preferred dates (today to 90 days ahead) and a note. */
export function CleanupRequestForm({ propertyId, onSent }: { propertyId: string; onSent: () => void }) {
  const send = useRequestCleanup();
  const form = useSchemaForm<ExtraCleanupInput, ExtraCleanupInput>(
    extraCleanupInputSchema,
    { preferredDates: [''], note: '' },
    async (input) => {
      await send.mutateAsync({ propertyId, input });
      onSent();
    },
  );
  const dates = form.watch('preferredDates');
  const errors = form.formState.errors;
  const datesError = errors.preferredDates?.message ?? errors.preferredDates?.root?.message;
  const today = localToday();
  const setDates = (next: string[]) => form.setValue('preferredDates', next, { shouldValidate: form.formState.isSubmitted });

  return (
    <form onSubmit={form.submit} noValidate aria-labelledby="cleanup-form-title" className="grid gap-4">
      <h4 id="cleanup-form-title" className="text-base font-semibold text-slate-900 dark:text-white">
        Request an extra cleanup
      </h4>
      <fieldset aria-describedby={datesError ? 'preferred-dates-error' : 'preferred-dates-hint'}>
        <legend className={labelClass}>Preferred dates</legend>
        <p id="preferred-dates-hint" className="mb-2 text-sm text-slate-600 dark:text-slate-400">
          Up to {PREFERRED_DATES_MAX} dates, from today to {PREFERRED_DATES_AHEAD_DAYS} days ahead. We confirm the day by e-mail.
        </p>
        <div className="grid gap-2">
          {dates.map((_, index) => {
            const dateError = errors.preferredDates?.[index]?.message;
            return (
              <div key={index}>
                <div className="flex items-center gap-2">
                  <label htmlFor={`preferred-date-${index}`} className="sr-only">
                    Preferred date {index + 1}
                  </label>
                  <input
                    id={`preferred-date-${index}`}
                    type="date"
                    min={today}
                    max={addDays(today, PREFERRED_DATES_AHEAD_DAYS)}
                    aria-invalid={!!dateError || !!datesError}
                    aria-describedby={dateError ? `preferred-date-${index}-error` : undefined}
                    {...form.register(`preferredDates.${index}`)}
                    className={`${inputClass} max-w-56`}
                  />
                  {dates.length > 1 ? (
                    <button
                      type="button"
                      onClick={() => setDates(form.getValues('preferredDates').filter((__, i) => i !== index))}
                      className={buttonClass({ variant: 'ghost', size: 'sm' })}
                    >
                      <X className="size-4" aria-hidden="true" />
                      Remove<span className="sr-only"> date {index + 1}</span>
                    </button>
                  ) : null}
                </div>
                <FieldError id={`preferred-date-${index}-error`} error={dateError} />
              </div>
            );
          })}
        </div>
        <FieldError id="preferred-dates-error" error={datesError} />
        {dates.length < PREFERRED_DATES_MAX ? (
          <button
            type="button"
            onClick={() => setDates([...form.getValues('preferredDates'), ''])}
            className={buttonClass({ variant: 'ghost', size: 'sm', className: 'mt-2' })}
          >
            <Plus className="size-4" aria-hidden="true" />
            Add another date
          </button>
        ) : null}
      </fieldset>
      <TextAreaField
        label="Note (optional)"
        rows={3}
        maxLength={SERVICE_REQUEST_NOTE_MAX}
        placeholder="What should the crew focus on?"
        error={errors.note?.message}
        {...form.register('note')}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={form.formState.isSubmitting} className={buttonClass()}>
          <CalendarPlus className="size-4" aria-hidden="true" />
          {form.formState.isSubmitting ? 'Sending…' : 'Send the request'}
        </button>
        <FormError>{form.serverError}</FormError>
      </div>
    </form>
  );
}
