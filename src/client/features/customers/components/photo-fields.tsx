import type { UseFormRegisterReturn } from 'react-hook-form';
import { PHOTO_TYPES } from '../../../../shared/api/properties';
import { dateInMilwaukee } from '../../../../shared/photo-dates';
import { inputClass } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { Field, FieldError } from '../../../components/ui/field';

/** How each photo type reads on screen. */
export const PHOTO_TYPE_LABELS: Record<(typeof PHOTO_TYPES)[number], string> = { before: 'Before', after: 'After', other: 'Other' };

const labelClass = 'block text-sm font-medium text-slate-800 dark:text-slate-200';

/** Today in Milwaukee: the latest "taken on" date a field offers. */
export const todayInMilwaukee = () => dateInMilwaukee(new Date());

/**
 * The photo type as three buttons (radios), none chosen until staff choose one: a photo is
 * never filed as "before" by default. `subject` names the photo for screen readers.
 */
export function PhotoTypeChoice({
  id,
  subject,
  registration,
  chosen,
  error,
}: {
  id: string;
  subject: string;
  registration: UseFormRegisterReturn;
  chosen: boolean;
  error?: string;
}) {
  const errorId = `${id}-error`;
  return (
    <fieldset>
      <legend className={labelClass}>
        Type<span className="sr-only"> of {subject}</span>
        {chosen ? null : (
          <>
            {' '}
            <span className="font-medium text-amber-800 dark:text-amber-300">(choose one)</span>
          </>
        )}
      </legend>
      <div
        className={cn(
          'mt-1 inline-flex rounded-lg border bg-white p-1 dark:bg-slate-950',
          error ? 'border-red-700 dark:border-red-400' : 'border-slate-300 dark:border-slate-600',
        )}
      >
        {PHOTO_TYPES.map((type) => (
          <label key={type} className="relative">
            <input
              type="radio"
              value={type}
              {...registration}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              // Invisible but the size of its button, so a click or tap lands on the radio itself.
              className="peer absolute inset-0 size-full cursor-pointer opacity-0"
            />
            <span className="block rounded-md px-4 py-1.5 text-center text-sm font-medium text-slate-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 dark:text-slate-200 dark:peer-checked:bg-brand-500 dark:peer-checked:text-slate-950">
              {PHOTO_TYPE_LABELS[type]}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

/** A caption: a real text box, two lines high and as wide as the row. */
export function CaptionField({
  id,
  subject,
  registration,
  error,
}: {
  id: string;
  subject: string;
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <Field
      id={id}
      className="min-w-0 flex-1"
      labelClassName={labelClass}
      error={error}
      label={
        <>
          Caption<span className="sr-only"> for {subject}</span>{' '}
          <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
        </>
      }
    >
      {(control) => (
        <textarea
          {...control}
          rows={2}
          maxLength={500}
          {...registration}
          placeholder="Such as: North lot after the Monday sweep"
          className={`${inputClass} mt-1`}
        />
      )}
    </Field>
  );
}

/** "Taken on": an optional date, no later than today; `hint` says where a prefilled date came from. */
export function TakenOnField({
  id,
  subject,
  registration,
  error,
  hint,
}: {
  id: string;
  subject: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
}) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="w-full sm:w-44">
      <label htmlFor={id} className={labelClass}>
        Taken on<span className="sr-only">: {subject}</span>{' '}
        <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
      </label>
      <input
        id={id}
        type="date"
        min="1990-01-01"
        max={todayInMilwaukee()}
        {...registration}
        aria-invalid={!!error}
        aria-describedby={describedBy}
        className={`${inputClass} mt-1`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
