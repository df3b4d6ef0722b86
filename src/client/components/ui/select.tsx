import type { ComponentProps } from 'react';
import { Field, type FieldProps } from './field';
import { inputClass } from './text-field';

/**
 * A labelled select with its hint and error, wired like TextField; the options are its children.
 * Takes react-hook-form's `register(...)`, or `value` and `onChange` for a controlled one.
 */
export function Select({
  label,
  hint,
  error,
  className,
  id,
  children,
  ...props
}: Pick<FieldProps, 'label' | 'className'> & { hint?: string; error?: string } & Omit<ComponentProps<'select'>, 'className'>) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <select {...control} className={inputClass} {...props}>
          {children}
        </select>
      )}
    </Field>
  );
}
