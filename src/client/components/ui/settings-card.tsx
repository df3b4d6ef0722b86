import { useId, type ReactNode } from 'react';
import { cardClass } from './card';

/** One card of an account page ("Passkeys", "Your sessions"): a titled region, and its description under the title. */
export function SettingsCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cardClass({ className: 'max-w-2xl' })}>
      <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
      {children}
    </section>
  );
}

/** What a card shows while its data loads, or when it could not: the same words and look everywhere. */
export function LoadState({ pending, error, what }: { pending: boolean; error: boolean; what: string }) {
  if (pending) return <p className="mt-3 text-slate-600 dark:text-slate-400">Loading...</p>;
  if (error)
    return (
      <p role="alert" className="mt-3 text-red-700 dark:text-red-400">
        {what} could not be loaded. Please try again later.
      </p>
    );
  return null;
}
