import { useId, type ComponentProps, type ReactNode } from 'react';

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400';

interface FieldAria {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** A label, the control `render` draws with the ids that tie them together, and the error message below. */
function LabelledField({ label, error, render }: { label: string; error?: string; render: (aria: FieldAria) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {render({ id, 'aria-invalid': !!error, 'aria-describedby': error ? `${id}-error` : undefined })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with its error message below, wired for assistive technology; takes react-hook-form's `register(...)`. */
export function TextField({ label, error, ...props }: { label: string; error?: string } & ComponentProps<'input'>) {
  return <LabelledField label={label} error={error} render={(aria) => <input {...aria} className={inputClass} {...props} />} />;
}

/** The same for a textarea. */
export function TextAreaField({ label, error, ...props }: { label: string; error?: string } & ComponentProps<'textarea'>) {
  return <LabelledField label={label} error={error} render={(aria) => <textarea {...aria} className={inputClass} {...props} />} />;
}
