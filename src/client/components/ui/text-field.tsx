import { useId, type ComponentProps, type ReactNode } from 'react';

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400';

interface FieldAria {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** A label, an optional hint under it, the control `render` draws with the ids that tie them together, and the error message below. */
function LabelledField({
  label,
  hint,
  error,
  render,
}: {
  label: string;
  hint?: string;
  error?: string;
  render: (aria: FieldAria) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="-mt-0.5 mb-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {render({ id, 'aria-invalid': !!error, 'aria-describedby': describedBy || undefined })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with its hint and error message, wired for assistive technology; takes react-hook-form's `register(...)`. */
export function TextField({ label, hint, error, ...props }: { label: string; hint?: string; error?: string } & ComponentProps<'input'>) {
  return <LabelledField label={label} hint={hint} error={error} render={(aria) => <input {...aria} className={inputClass} {...props} />} />;
}

/** The same for a textarea. */
export function TextAreaField({ label, error, ...props }: { label: string; error?: string } & ComponentProps<'textarea'>) {
  return <LabelledField label={label} error={error} render={(aria) => <textarea {...aria} className={inputClass} {...props} />} />;
}
