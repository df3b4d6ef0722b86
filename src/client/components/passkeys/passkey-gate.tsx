import { useQueryClient } from '@tanstack/react-query';
import { Fingerprint, KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { PasskeyState } from '../../../shared/passkeys';
import { authKeys, type AuthResponse } from '../../api/get-auth-user';
import { passkeyError, useAddPasskey, useConfirmWithPasskey, useRecoveryCodeSignIn } from '../../api/passkeys';
import { buttonClass } from '../ui/button';
import { TextField } from '../ui/text-field';
import { toast } from '../ui/toast-store';
import { NoticeCard } from '../layout/notice-card';
import { RecoveryCodesPanel } from './recovery-codes-panel';

/** Whether a signed-in user must add or use a passkey before the console's screens. */
export const needsPasskeyStep = (state: PasskeyState) => state === 'register' || state === 'confirm';

function ErrorLine({ error }: { error: Error | null }) {
  return error ? (
    <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-400">
      {passkeyError(error)}
    </p>
  ) : null;
}

/** The first sign-in of an owner or office member: add a passkey, then keep the recovery codes. */
function AddFirstPasskey({ auth }: { auth: AuthResponse }) {
  const add = useAddPasskey();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name.trim() || undefined);
  };
  const codes = add.data?.recoveryCodes;
  if (codes) {
    return (
      <NoticeCard title="Your passkey is ready">
        <div className="mt-4">
          <RecoveryCodesPanel
            codes={codes}
            email={auth.user.email}
            doneLabel="Continue to the console"
            onDone={() => void queryClient.invalidateQueries({ queryKey: authKeys.user() })}
          />
        </div>
      </NoticeCard>
    );
  }
  return (
    <NoticeCard title="Add a passkey to finish signing in">
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        The console holds our customers’ names, addresses and photos, so it asks for a second step: a passkey on this device, unlocked with
        your fingerprint, face or screen lock. Next time, the passkey alone signs you in.
      </p>
      <form onSubmit={submit} className="mt-6 space-y-4 text-left">
        <TextField
          label="Name for this passkey (optional)"
          placeholder="Office laptop"
          maxLength={60}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" disabled={add.isPending} className={buttonClass({ size: 'lg', className: 'w-full' })}>
          <Fingerprint className="size-5" aria-hidden="true" />
          {add.isPending ? 'Waiting for your passkey...' : 'Add a passkey'}
        </button>
        <ErrorLine error={add.error} />
      </form>
    </NoticeCard>
  );
}

/** A later e-mail-link sign-in of someone with a passkey: use it, or one recovery code. */
function ConfirmWithPasskey() {
  const confirm = useConfirmWithPasskey();
  const recovery = useRecoveryCodeSignIn();
  const [useCode, setUseCode] = useState(false);
  const [code, setCode] = useState('');
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    recovery.mutate(code, {
      onSuccess: ({ left }) =>
        toast({
          title: 'Signed in with a recovery code',
          description:
            left <= 3
              ? `You have ${left} recovery ${left === 1 ? 'code' : 'codes'} left. Make new ones in Your account.`
              : 'That code no longer works. If you lost your passkey, add a new one in Your account.',
          variant: left <= 3 ? 'destructive' : 'default',
        }),
    });
  };
  return (
    <NoticeCard title="Confirm it’s you">
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        Your e-mail link worked. To open the console, use the passkey you added, on this device or your phone.
      </p>
      <button
        type="button"
        onClick={() => confirm.mutate()}
        disabled={confirm.isPending}
        className={buttonClass({ size: 'lg', className: 'mt-6 w-full' })}
      >
        <Fingerprint className="size-5" aria-hidden="true" />
        {confirm.isPending ? 'Waiting for your passkey...' : 'Use my passkey'}
      </button>
      <ErrorLine error={confirm.error} />
      {useCode ? (
        <form onSubmit={submitCode} className="mt-6 space-y-3 border-t border-slate-200 pt-6 text-left dark:border-slate-800">
          <TextField
            label="Recovery code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="abcde-fghjk"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="submit" disabled={recovery.isPending} className={buttonClass({ variant: 'secondary', className: 'w-full' })}>
            <KeyRound className="size-4" aria-hidden="true" />
            {recovery.isPending ? 'Checking...' : 'Confirm with recovery code'}
          </button>
          <ErrorLine error={recovery.error} />
        </form>
      ) : (
        <button
          type="button"
          onClick={() => setUseCode(true)}
          className="mt-4 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          Lost your passkey? Use a recovery code
        </button>
      )}
    </NoticeCard>
  );
}

/** The passkey step an owner or office member signed in by e-mail link must take before the console (issue 13). */
export function PasskeyGate({ auth }: { auth: AuthResponse }) {
  return auth.passkey === 'register' ? <AddFirstPasskey auth={auth} /> : <ConfirmWithPasskey />;
}
