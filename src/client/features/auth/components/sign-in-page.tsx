import { useSearchParams } from 'wouter';
import { company } from '../../../../shared/company';
import { AuthCard } from './auth-card';
import { PasskeySignIn } from './passkey-sign-in';
import { SignInForm } from './sign-in-form';

/** /login: reached from /api/login. */
export default function SignInPage() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Sign in to your customer portal">
      <p className="mb-6 text-slate-600 dark:text-slate-300">
        Enter the e-mail address we have on file. We will send you a link that signs you in: no password needed.
      </p>
      {/* Without a return path, the server lands each person on their own home (crew, console or dashboard). */}
      <SignInForm returnTo={params.get('returnTo') ?? undefined} />
      <PasskeySignIn returnTo={params.get('returnTo') ?? undefined} />
      <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
        No account yet? Portal access comes with service. Write to{' '}
        <a className="font-semibold text-brand-700 hover:underline dark:text-brand-300" href={`mailto:${company.supportEmail}`}>
          {company.supportEmail}
        </a>
        .
      </p>
    </AuthCard>
  );
}
