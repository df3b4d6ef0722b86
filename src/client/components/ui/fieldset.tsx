import { useId, type ReactNode } from 'react';
import { FieldError, labelClass } from './field';

/** A group of controls (checkboxes, radios) under one legend, with its hint and an error that is heard as it appears. */
export function Fieldset({
  legend,
  hint,
  error,
  className = 'min-w-0',
  legendClassName = labelClass,
  children,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
  legendClassName?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className={className}>
      <legend className={legendClassName}>{legend}</legend>
      {hint ? <p className="-mt-0.5 mb-2 text-xs text-slate-600 dark:text-slate-400">{hint}</p> : null}
      {children}
      {/* Live, so an error that appears as the fields change (no box ticked) is heard too. */}
      <div aria-live="polite">
        <FieldError id={`${id}-error`} error={error} />
      </div>
    </fieldset>
  );
}
