import { useMutation } from '@tanstack/react-query';
import { Fingerprint } from 'lucide-react';
import { passkeyError, signInWithPasskey } from '../../../api/passkeys';
import { buttonClass } from '../../../components/ui/button';

/**
 * "Sign in with a passkey": for staff who added one. The passkey alone signs in (the device and
 * its fingerprint, face or PIN are two factors); the server says where to go.
 */
export function PasskeySignIn({ returnTo }: { returnTo?: string }) {
  const signIn = useMutation({
    mutationFn: () => signInWithPasskey(returnTo),
    // Another entry (the console, the crew page) may be next: a full page load.
    onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
  });
  return (
    <div className="mt-6 border-t border-slate-200 pt-6 dark:border-slate-800">
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">Lakeshore staff with a passkey can skip the e-mail.</p>
      <button
        type="button"
        onClick={() => signIn.mutate()}
        disabled={signIn.isPending || signIn.isSuccess}
        className={buttonClass({ variant: 'secondary', className: 'w-full' })}
      >
        <Fingerprint className="size-5" aria-hidden="true" />
        {signIn.isPending || signIn.isSuccess ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
      </button>
      {signIn.error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-400">
          {passkeyError(signIn.error)}
        </p>
      ) : null}
    </div>
  );
}
