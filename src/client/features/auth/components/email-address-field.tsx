import { useId, type ComponentProps } from 'react';

/**
 * The auth screens' one field, "Email address", with its error announced below it: for asking
 * for a link and for confirming whom a link was sent to. Takes react-hook-form's `register(...)`
 * or a plain value and onChange.
 */
export function EmailAddressField({ error, ...props }: { error?: string | null } & ComponentProps<'input'>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200">
        Email address
      </label>
      <input
        id={id}
        type="email"
        autoComplete="email"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        placeholder="you@yourcompany.com"
        className="block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 dark:border-slate-600 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400"
        {...props}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
