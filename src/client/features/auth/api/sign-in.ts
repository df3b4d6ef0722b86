import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';

/**
 * POST /api/auth/sign-in: uses the link's token and starts a session. `email` is the account's
 * address as typed, needed in a browser other than the one that asked for the link.
 */
export const signIn = ({ token, email }: { token: string; email?: string }) =>
  sendJson<{ redirectTo: string }>('POST', '/api/auth/sign-in', email === undefined ? { token } : { token, email });

export const useSignIn = () => useMutation({ mutationFn: signIn });
