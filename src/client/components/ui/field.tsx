import { useId, type ReactNode } from 'react';

/** The look of a field's parts, for the few controls that lay them out themselves. */
export const labelClass = 'mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200';
export const hintClass = '-mt-0.5 mb-1 text-xs text-slate-600 dark:text-slate-400';
export const errorClass = 'mt-1 text-sm font-medium text-red-700 dark:text-red-400';

/** What a control needs to be tied to its label, hint and error: spread it on the input, select or textarea. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/**
 * The ids that tie a control to its hint and error (`<id>-hint`, `<id>-error`), and the props for
 * the control. `id` keeps a caller's own id; otherwise one is made.
 */
export function useFieldIds({ id: given, hint, error }: { id?: string; hint?: ReactNode; error?: ReactNode }) {
  const made = useId();
  const id = given ?? made;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const control: ControlProps = { id, 'aria-invalid': !!error, 'aria-describedby': describedBy || undefined };
  return { id, hintId, errorId, control };
}

/** A field's error message, with the id its control points at; nothing when there is no error. */
export function FieldError({ id, error, className = errorClass }: { id: string; error?: ReactNode; className?: string }) {
  return error ? (
    <p id={id} className={className}>
      {error}
    </p>
  ) : null;
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** The control's id, when the caller needs a known one; otherwise one is made. */
  id?: string;
  className?: string;
  labelClassName?: string;
  errorClassName?: string;
  /** Draws the control with the props that tie it to the label, hint and error. */
  children: (control: ControlProps) => ReactNode;
}

/**
 * A label, an optional hint under it, the control, and the error message below, wired for
 * assistive technology (htmlFor/id, aria-describedby, aria-invalid). The control is any element:
 * `{(control) => <input {...control} {...register('name')} />}` or a controlled one.
 */
export function Field({
  label,
  hint,
  error,
  id: givenId,
  className,
  labelClassName = labelClass,
  errorClassName = errorClass,
  children,
}: FieldProps) {
  const { id, hintId, errorId, control } = useFieldIds({ id: givenId, hint, error });
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      ) : null}
      {children(control)}
      <FieldError id={errorId} error={error} className={errorClassName} />
    </div>
  );
}
