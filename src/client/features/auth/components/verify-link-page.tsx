import { LogIn } from 'lucide-react';
import { useSearchParams } from 'wouter';
import { company } from '../../../../shared/company';
import { buttonClass } from '../../../components/ui/button';
import { readableError } from '../../../lib/api-client';
import { useCheckSignInLink } from '../api/check-sign-in-link';
import { useSignIn } from '../api/sign-in';
import { AuthCard } from './auth-card';
import { SignInForm } from './sign-in-form';

/** Where a link leads, in the words of the page that opens it. */
function placeOf(returnTo: string | undefined): string {
  if (returnTo?.startsWith('/admin')) return 'the staff console';
  if (returnTo?.startsWith('/crew')) return 'your crew page';
  return 'your customer portal';
}

/**
 * /login/verify?token=…: the page a sign-in link or an invitation opens. Opening it does not
 * use the link (mail scanners open links too); the button signs in with a POST.
 */
export default function VerifyLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useCheckSignInLink(token);
  const signIn = useSignIn();

  const failure = check.error ?? signIn.error;
  const problem =
    token === ''
      ? 'This sign-in link is not valid. It may have been copied incompletely.'
      : check.data && !check.data.ok
        ? check.data.message
        : failure
          ? readableError(failure)
          : null;

  if (problem) {
    return (
      <AuthCard title="This link cannot sign you in">
        <p role="alert" className="mb-6 text-slate-700 dark:text-slate-300">
          {problem} Enter your e-mail address and we will send you a new link.
        </p>
        <SignInForm returnTo={check.data?.returnTo ?? '/customer-dashboard'} submitLabel="Send me a new link" />
      </AuthCard>
    );
  }

  if (check.isPending) {
    return (
      <AuthCard title="Signing you in">
        <p className="text-slate-600 dark:text-slate-300">Checking your link...</p>
      </AuthCard>
    );
  }

  const invitation = check.data?.purpose === 'invitation';
  const place = placeOf(check.data?.returnTo);
  return (
    <AuthCard title={invitation ? `Welcome to ${company.name}` : 'Welcome back'}>
      <p className="mb-6 text-slate-600 dark:text-slate-300">
        {invitation
          ? `Your invitation is ready: sign in to open ${place}. From then on, you sign in with a link we e-mail you, with no password to remember.`
          : `Your link is ready. Continue to open ${place}.`}
      </p>
      <button
        type="button"
        disabled={signIn.isPending || signIn.isSuccess}
        onClick={() => signIn.mutate(token, { onSuccess: ({ redirectTo }) => window.location.assign(redirectTo) })}
        className={buttonClass({ size: 'lg', className: 'w-full' })}
      >
        <LogIn className="size-5" aria-hidden="true" />
        {signIn.isPending || signIn.isSuccess ? 'Signing in...' : 'Sign in'}
      </button>
    </AuthCard>
  );
}
