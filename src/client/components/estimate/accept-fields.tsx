import { CheckCircle2 } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { buttonClass } from '../ui/button';
import { FieldError, useFieldIds } from '../ui/field';
import { FormError } from '../ui/form-error';
import { TextField } from '../ui/text-field';
import type { AcceptValues } from './live-totals';

/** Who signs, their agreement to the terms, and the button: the end of the accept form. */
export function AcceptFields({ sending, serverError }: { sending: boolean; serverError: string | undefined }) {
  const { register, formState } = useFormContext<AcceptValues>();
  const { errors } = formState;
  const agree = useFieldIds({ error: errors.agree?.message });
  return (
    <div className="space-y-4">
      <TextField label="Your full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Your title"
        hint="For example Property Manager or Facilities Director"
        autoComplete="organization-title"
        error={errors.title?.message}
        {...register('title')}
      />
      <div>
        <div className="flex items-start gap-3">
          <input
            {...agree.control}
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-brand-700 dark:accent-brand-400"
            {...register('agree')}
          />
          <label htmlFor={agree.id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            I agree to the terms above
          </label>
        </div>
        <FieldError id={agree.errorId} error={errors.agree?.message} />
      </div>
      <FormError>{serverError}</FormError>
      <button type="submit" disabled={sending} className={buttonClass({ size: 'lg', className: 'w-full' })}>
        <CheckCircle2 className="size-5" aria-hidden="true" />
        {sending ? 'Accepting…' : 'Accept estimate'}
      </button>
      <p className="text-center text-xs text-slate-600 dark:text-slate-400">
        Typing your name and pressing Accept estimate signs this estimate. We e-mail you a signed copy.
      </p>
    </div>
  );
}
