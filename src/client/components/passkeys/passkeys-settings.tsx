import { Fingerprint, KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { Passkey } from '../../../shared/api/passkeys';
import { RECOVERY_CODE_COUNT } from '../../../shared/passkeys';
import { passkeyError, useAddPasskey, useNewRecoveryCodes, usePasskeys, useRemovePasskey, useRenamePasskey } from '../../api/passkeys';
import { SignOutEverywhereElse } from '../your-sessions';
import { buttonClass } from '../ui/button';
import { ConfirmBox } from '../ui/confirm-box';
import { LoadState, SettingsCard } from '../ui/settings-card';
import { TextField } from '../ui/text-field';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { instantDateText } from '../../../shared/date-formats';

const when = (iso: string) => <time dateTime={iso}>{instantDateText(iso)}</time>;

function PasskeyRow({ passkey, onRemoved }: { passkey: Passkey; onRemoved: (name: string) => void }) {
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState(passkey.name);
  const save = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate({ id: passkey.id, name }, { onSuccess: () => setEditing(false) });
  };
  const error = rename.error ?? remove.error;
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-start gap-3">
          <KeyRound className="mt-0.5 size-5 text-slate-500 dark:text-slate-400" aria-hidden="true" />
          <div>
            <p className="font-medium text-slate-900 dark:text-white">
              {passkey.name}
              {passkey.synced ? (
                <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                  Synced
                </span>
              ) : null}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Added {when(passkey.createdAt)} · {passkey.lastUsedAt ? <>last used {when(passkey.lastUsedAt)}</> : 'not used to sign in yet'}
            </p>
          </div>
        </div>
        {editing || confirming ? null : (
          <div className="flex gap-2">
            <button
              type="button"
              onClick={() => setEditing(true)}
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
              aria-label={`Rename ${passkey.name}`}
            >
              Rename
            </button>
            <button
              type="button"
              onClick={() => setConfirming(true)}
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
              aria-label={`Remove ${passkey.name}`}
            >
              Remove
            </button>
          </div>
        )}
      </div>
      {editing ? (
        <form onSubmit={save} className="mt-3 flex flex-wrap items-end gap-2">
          <div className="min-w-56 grow">
            <TextField label="Passkey name" maxLength={60} value={name} onChange={(event) => setName(event.target.value)} />
          </div>
          <button type="submit" disabled={rename.isPending} className={buttonClass({ size: 'sm' })}>
            {rename.isPending ? 'Saving...' : 'Save name'}
          </button>
          <button type="button" onClick={() => setEditing(false)} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
            Cancel
          </button>
        </form>
      ) : null}
      {confirming ? (
        <ConfirmBox
          className="mt-3"
          confirmLabel="Remove passkey"
          pendingLabel="Removing..."
          cancelLabel="Keep it"
          pending={remove.isPending}
          // mutateAsync: the row is gone once the list is read again, and the notice belongs to the list.
          onConfirm={() =>
            void remove.mutateAsync(passkey.id).then(
              () => onRemoved(passkey.name),
              () => undefined,
            )
          }
          onCancel={() => setConfirming(false)}
        >
          Remove “{passkey.name}”? It will no longer sign you in.
        </ConfirmBox>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
          {passkeyError(error)}
        </p>
      ) : null}
    </li>
  );
}

/**
 * After a passkey is removed (ASVS 7.4.3): if it was lost or stolen, the browsers it signed in
 * may still be signed in, so "Sign out everywhere else" is offered right here.
 */
function AfterRemoval({ name }: { name: string }) {
  return (
    <div className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-950">
      <p role="status" className="text-slate-800 dark:text-slate-200">
        “{name}” was removed. If that device was lost or stolen, sign out the browsers it may still be signed in to.
      </p>
      <SignOutEverywhereElse className="mt-2" />
    </div>
  );
}

/** Adding another passkey: this device's, or a phone's or a security key's. */
function AddPasskey({ email }: { email: string }) {
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name.trim() || undefined, { onSuccess: () => setName('') });
  };
  const codes = add.data?.recoveryCodes;
  if (codes) return <RecoveryCodesPanel codes={codes} email={email} doneLabel="Done" onDone={() => add.reset()} />;
  return (
    <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-2">
      <div className="min-w-56 grow">
        <TextField
          label="Name for a new passkey (optional)"
          placeholder="Work phone"
          maxLength={60}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <button type="submit" disabled={add.isPending} className={buttonClass({ size: 'md' })}>
        <Fingerprint className="size-4" aria-hidden="true" />
        {add.isPending ? 'Waiting for your passkey...' : 'Add a passkey'}
      </button>
      {add.isSuccess ? (
        <p role="status" className="w-full text-sm text-emerald-800 dark:text-emerald-300">
          Passkey “{add.data.passkey.name}” added.
        </p>
      ) : null}
      {add.error ? (
        <p role="alert" className="w-full text-sm font-medium text-red-700 dark:text-red-400">
          {passkeyError(add.error)}
        </p>
      ) : null}
    </form>
  );
}

function RecoveryCodes({ left, email, hasPasskey }: { left: number; email: string; hasPasskey: boolean }) {
  const renew = useNewRecoveryCodes();
  const [confirming, setConfirming] = useState(false);
  if (renew.data) {
    return (
      <div className="mt-6 border-t border-slate-200 pt-6 dark:border-slate-800">
        <RecoveryCodesPanel
          codes={renew.data.codes}
          email={email}
          doneLabel="Done"
          onDone={() => {
            renew.reset();
            setConfirming(false);
          }}
        />
      </div>
    );
  }
  return (
    <div className="mt-6 border-t border-slate-200 pt-6 dark:border-slate-800">
      <h3 className="font-semibold text-slate-900 dark:text-white">Recovery codes</h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {hasPasskey
          ? `${left} of ${RECOVERY_CODE_COUNT} left. Each works once, in place of a passkey, after an e-mail link.`
          : 'You get recovery codes with your first passkey.'}
      </p>
      {hasPasskey ? (
        confirming ? (
          <ConfirmBox
            className="mt-3"
            confirmLabel="Make new codes"
            pendingLabel="Making codes..."
            pending={renew.isPending}
            onConfirm={() => renew.mutate()}
            onCancel={() => setConfirming(false)}
          >
            Make {RECOVERY_CODE_COUNT} new codes? The ones you have now stop working.
          </ConfirmBox>
        ) : (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className={buttonClass({ variant: 'secondary', size: 'sm', className: 'mt-3' })}
          >
            Make new recovery codes
          </button>
        )
      ) : null}
      {renew.error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
          {passkeyError(renew.error)}
        </p>
      ) : null}
    </div>
  );
}

/** "Passkeys" in a staff member's account: each with its name, added and last used; add, rename, remove; recovery codes. */
export function PasskeysSettings({ email }: { email: string }) {
  const list = usePasskeys();
  const [removed, setRemoved] = useState<string | null>(null);
  return (
    <SettingsCard
      title="Passkeys"
      description={
        list.data?.required === false
          ? 'Optional for crews: a passkey signs you in with your fingerprint, face or screen lock instead of an e-mail link.'
          : 'The console asks for a passkey after every e-mail link, or signs you in with one alone. Keep at least one; a second on another device saves a trip to the office if you lose one.'
      }
    >
      {!list.isSuccess ? (
        <LoadState pending={list.isPending} error={list.isError} what="Your passkeys" />
      ) : (
        <>
          {list.data.passkeys.length > 0 ? (
            <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
              {list.data.passkeys.map((passkey) => (
                <PasskeyRow key={passkey.id} passkey={passkey} onRemoved={setRemoved} />
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-slate-700 dark:text-slate-300">You have no passkeys yet.</p>
          )}
          {removed ? <AfterRemoval name={removed} /> : null}
          <AddPasskey email={email} />
          <RecoveryCodes left={list.data.recoveryCodesLeft} email={email} hasPasskey={list.data.passkeys.length > 0} />
        </>
      )}
    </SettingsCard>
  );
}
