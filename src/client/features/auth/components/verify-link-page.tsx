import { LogIn } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { company } from '../../../../shared/company';
import { buttonClass } from '../../../components/ui/button';
import { ApiError, readableError } from '../../../lib/api-client';
import { useCheckSignInLink } from '../api/check-sign-in-link';
import { useSignIn } from '../api/sign-in';
import { AuthCard } from './auth-card';
import { EmailAddressField } from './email-address-field';
import { SignInForm } from './sign-in-form';

/** Where a link leads, in the words of the page that opens it. */
function placeOf(returnTo: string | undefined): string {
  if (returnTo?.startsWith('/admin')) return 'the staff console';
  if (returnTo?.startsWith('/crew')) return 'your crew page';
  return 'your customer portal';
}

let linkToken: string | undefined;

/**
 * The link's token, read once: the address then drops it (history.replaceState), so it is not
 * left in the address bar, the history list, a bookmark or a screenshot. It stays in this tab's
 * history entry (history.state) only, so reloading the page still finds it. The server sends this
 * page with Referrer-Policy: no-referrer, and the token only ever leaves in a POST body.
 */
function readLinkToken(): string {
  if (linkToken === undefined) {
    const url = new URL(window.location.href);
    const kept = (window.history.state as { signInToken?: unknown } | null)?.signInToken;
    linkToken = url.searchParams.get('token') ?? (typeof kept === 'string' ? kept : '');
    if (url.searchParams.has('token')) {
      url.searchParams.delete('token');
      window.history.replaceState(
        { ...(window.history.state as object | null), signInToken: linkToken },
        '',
        `${url.pathname}${url.search}${url.hash}`,
      );
    }
  }
  return linkToken;
}

/**
 * /login/verify?token=…: the page a sign-in link or an invitation opens. Opening it does not
 * use the link (mail scanners open links too); the button signs in with a POST. In a browser
 * other than the one that asked for the link, and for an invitation, the person first types the
 * account's e-mail address, so nobody can sign you in to their account with their own link.
 */
export default function VerifyLinkPage() {
  const [token] = useState(readLinkToken);
  const check = useCheckSignInLink(token);
  const signIn = useSignIn();
  const [email, setEmail] = useState('');

  const confirmEmail = check.data?.ok === true && check.data.confirmEmail === true;
  // A missing or wrong address is answered beside the field, and the link stays usable.
  const emailProblem =
    confirmEmail && signIn.error instanceof ApiError && signIn.error.data?.problem === 'confirm-email' ? readableError(signIn.error) : null;
  const failure = check.error ?? (emailProblem === null ? signIn.error : null);
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
        <SignInForm returnTo={check.data?.returnTo} submitLabel="Send me a new link" />
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
        {confirmEmail
          ? invitation
            ? ' First, please type the e-mail address the invitation was sent to.'
            : ' This link was opened on a different device or browser from the one that asked for it, so please first type the e-mail address it was sent to.'
          : null}
      </p>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          signIn.mutate(confirmEmail ? { token, email } : { token }, { onSuccess: ({ redirectTo }) => window.location.assign(redirectTo) });
        }}
      >
        {confirmEmail ? <EmailAddressField value={email} onChange={(event) => setEmail(event.target.value)} error={emailProblem} /> : null}
        <button type="submit" disabled={signIn.isPending || signIn.isSuccess} className={buttonClass({ size: 'lg', className: 'w-full' })}>
          <LogIn className="size-5" aria-hidden="true" />
          {signIn.isPending || signIn.isSuccess ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
    </AuthCard>
  );
}
