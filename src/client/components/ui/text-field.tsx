import type { ComponentProps } from 'react';
import { Field, type FieldProps } from './field';

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400';

/** What a labelled control takes besides the element's own props. */
type Labelled = Pick<FieldProps, 'label' | 'hint' | 'error' | 'className'> & { hint?: string; error?: string };

/** A labelled input with its hint and error message, wired for assistive technology; takes react-hook-form's `register(...)` or value/onChange. */
export function TextField({ label, hint, error, className, id, ...props }: Labelled & Omit<ComponentProps<'input'>, 'className'>) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => <input {...control} className={inputClass} {...props} />}
    </Field>
  );
}

/** The same for a textarea. */
export function TextAreaField({ label, hint, error, className, id, ...props }: Labelled & Omit<ComponentProps<'textarea'>, 'className'>) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => <textarea {...control} className={inputClass} {...props} />}
    </Field>
  );
}
