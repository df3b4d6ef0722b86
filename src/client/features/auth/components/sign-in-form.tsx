import { MailCheck } from 'lucide-react';
import { z } from 'zod/mini';
import { userInputSchema } from '../../../../shared/staff-schemas';
import { SIGN_IN_LINK_MINUTES } from '../../../../shared/constants';
import { buttonClass } from '../../../components/ui/button';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRequestSignInLink } from '../api/request-sign-in-link';
import { EmailAddressField } from './email-address-field';

/** The sign-in form's one field, with the same e-mail rule as every account's address. */
const signInSchema = z.object({ email: userInputSchema.shape.email });

/** Asks for an e-mail address and sends a one-time sign-in link to it. */
export function SignInForm({ returnTo, submitLabel = 'Email me a sign-in link' }: { returnTo?: string; submitLabel?: string }) {
  const request = useRequestSignInLink();
  const { register, submit, serverError, formState } = useSchemaForm(signInSchema, { email: '' }, ({ email }) =>
    request.mutateAsync({ email, returnTo }),
  );

  if (request.isSuccess) {
    return (
      <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-5 dark:border-emerald-900 dark:bg-emerald-950/40">
        <div className="flex items-start gap-3">
          <MailCheck className="mt-0.5 size-6 shrink-0 text-leaf-600 dark:text-emerald-400" aria-hidden="true" />
          <div>
            <h2 className="font-semibold text-slate-900 dark:text-white">Check your email</h2>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              {request.data.message} The link works once, for {SIGN_IN_LINK_MINUTES} minutes.
            </p>
            <button
              type="button"
              onClick={() => request.reset()}
              className="mt-3 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
            >
              Use a different address
            </button>
          </div>
        </div>
      </div>
    );
  }

  const error = formState.errors.email?.message ?? serverError;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Sign in">
      <EmailAddressField {...register('email')} error={error} />
      <button type="submit" disabled={formState.isSubmitting} className={buttonClass({ size: 'lg', className: 'w-full' })}>
        {formState.isSubmitting ? 'Sending...' : submitLabel}
      </button>
    </form>
  );
}
