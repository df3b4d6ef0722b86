import type { ComponentPropsWithRef } from 'react';
import { FieldError } from './field-error';
import { CONSENT_LABEL } from '../../../../shared/quote-request-schema';

/** The consent box under the quote form, with the privacy policy link and its error. */
export function ConsentField({
  id,
  error,
  control,
}: {
  /** The checkbox's id (the label points at it); the error's id is derived from it. */
  id: string;
  error?: string;
  /** The checkbox's registration and error wiring, as the other controls get them. */
  control: ComponentPropsWithRef<'input'>;
}) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input {...control} type="checkbox" className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700" />
        <div className="text-sm">
          <label htmlFor={id} className="text-slate-700 dark:text-slate-300">
            {CONSENT_LABEL}
          </label>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            See our{' '}
            <a href="/privacy" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
              privacy policy
            </a>{' '}
            for what we keep and why.
          </p>
        </div>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
