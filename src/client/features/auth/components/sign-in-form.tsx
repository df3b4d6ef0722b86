import { MailCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { z } from 'zod/mini';
import { buttonClass } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useRequestSignInLink } from '../api/sign-in';

const emailSchema = z.string().check(z.trim(), z.email('Please enter a valid email address'));

/** The server's message from an error body, for a person to read. */
function messageOf(error: Error): string {
  if (error instanceof ApiError) {
    try {
      return (JSON.parse(error.body) as { message?: string }).message ?? error.message;
    } catch {
      return error.message;
    }
  }
  return 'We could not reach the server. Check your connection and try again.';
}

/** Asks for an e-mail address and sends a one-time sign-in link to it. */
export function SignInForm({ returnTo, submitLabel = 'Email me a sign-in link' }: { returnTo: string; submitLabel?: string }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const request = useRequestSignInLink();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]!.message);
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setInvalid(null);
    request.mutate({ email: parsed.data, returnTo });
  };

  if (request.isSuccess) {
    return (
      <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-5 dark:border-emerald-900 dark:bg-emerald-950/40">
        <div className="flex items-start gap-3">
          <MailCheck className="mt-0.5 size-6 shrink-0 text-leaf-600 dark:text-emerald-400" aria-hidden="true" />
          <div>
            <h2 className="font-semibold text-slate-900 dark:text-white">Check your email</h2>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{request.data.message} The link works once, for 15 minutes.</p>
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

  const error = invalid ?? (request.error ? messageOf(request.error) : null);
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in">
      <div>
        <label htmlFor={`${id}-email`} className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200">
          Email address
        </label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          placeholder="you@yourcompany.com"
          className="block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 dark:border-slate-600 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400"
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" disabled={request.isPending} className={buttonClass({ size: 'lg', className: 'w-full' })}>
        {request.isPending ? 'Sending...' : submitLabel}
      </button>
    </form>
  );
}
