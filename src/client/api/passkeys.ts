import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useQuery } from '@tanstack/react-query';
import type { PasskeyAdded, PasskeyList } from '../../shared/api/passkeys';
import { REAUTHENTICATE_PROBLEM } from '../../shared/passkeys';
import { ApiError, getJson, readableError, sendJson } from '../lib/api-client';
import { everyQuery, useRefreshingMutation } from '../lib/use-refreshing-mutation';
import { authKeys } from './get-auth-user';

export const passkeyKeys = { all: ['passkeys'] as const };

/** The browser half of WebAuthn, loaded only when a passkey prompt opens: customers' screens never need it. */
const webauthn = () => import('@simplewebauthn/browser');

/**
 * What a failed passkey step says to people: the browser's own failures in words (closed or
 * timed out: NotAllowedError; a passkey already on this device: InvalidStateError; a browser
 * without passkeys), else the server's message.
 */
export function passkeyError(error: Error): string {
  if (error.name === 'NotAllowedError') return 'The passkey prompt was closed or timed out. Please try again when you are ready.';
  if (error.name === 'InvalidStateError')
    return 'This device already holds a passkey for your account. Use it, or add one on another device.';
  if (error.name === 'NotSupportedError') return 'This browser cannot use passkeys. Please use a current Chrome, Edge, Safari or Firefox.';
  return readableError(error);
}

/**
 * A change to how one signs in, which the server takes only from a recent sign-in: when it asks
 * (403 "reauthenticate"), the passkey prompt runs, opening a fresh session, and the change is sent again.
 */
async function withRecentSignIn<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 403 && error.data?.problem === REAUTHENTICATE_PROBLEM)) throw error;
    await signInWithPasskey();
    return change();
  }
}

/** GET /api/account/passkeys: your passkeys, whether the console needs one, and recovery codes left. */
export const usePasskeys = () => useQuery({ queryKey: passkeyKeys.all, queryFn: () => getJson<PasskeyList>('/api/account/passkeys') });

/**
 * Adds a passkey: the server's options, the browser's prompt, the server's check. The first one
 * comes back with the recovery codes, and renews the session (it now counts as confirmed).
 */
export function useAddPasskey() {
  return useRefreshingMutation({
    mutationFn: async (name: string | undefined) => {
      const optionsJSON = await withRecentSignIn(() =>
        sendJson<PublicKeyCredentialCreationOptionsJSON>('POST', '/api/account/passkeys/options'),
      );
      const { startRegistration } = await webauthn();
      const response = await startRegistration({ optionsJSON });
      return sendJson<PasskeyAdded>('POST', '/api/account/passkeys', { name: name || undefined, response });
    },
    changes: [passkeyKeys.all],
  });
}

export const useRenamePasskey = () =>
  useRefreshingMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => sendJson<null>('PATCH', `/api/account/passkeys/${id}`, { name }),
    changes: [passkeyKeys.all],
  });

export const useRemovePasskey = () =>
  useRefreshingMutation({
    mutationFn: (id: string) => withRecentSignIn(() => sendJson<null>('DELETE', `/api/account/passkeys/${id}`)),
    // A passkey prompt on the way may have renewed this session: "Your sessions" is read again too.
    changes: [everyQuery],
  });

/** POST /api/account/recovery-codes: ten new codes; the old ones stop working. */
export const useNewRecoveryCodes = () =>
  useRefreshingMutation({
    mutationFn: () => withRecentSignIn(() => sendJson<{ codes: string[] }>('POST', '/api/account/recovery-codes')),
    changes: [everyQuery],
  });

/** "Sign in with a passkey", or confirming an e-mail-link sign-in with one: a new session, then where to go. */
export async function signInWithPasskey(returnTo?: string): Promise<{ redirectTo: string }> {
  const optionsJSON = await sendJson<PublicKeyCredentialRequestOptionsJSON>('POST', '/api/auth/passkey/options');
  const { startAuthentication } = await webauthn();
  const response = await startAuthentication({ optionsJSON });
  return sendJson<{ redirectTo: string }>('POST', '/api/auth/passkey/sign-in', { response, returnTo });
}

/** Confirms this browser's e-mail-link session with a passkey, then reads who is signed in again. */
export const useConfirmWithPasskey = () =>
  useRefreshingMutation({
    mutationFn: () => signInWithPasskey(),
    changes: [everyQuery],
  });

/** POST /api/auth/recovery-code: one code in place of the passkey; says how many are left. */
export const useRecoveryCodeSignIn = () =>
  useRefreshingMutation({
    mutationFn: (code: string) => sendJson<{ left: number }>('POST', '/api/auth/recovery-code', { code }),
    changes: [authKeys.user()],
  });
