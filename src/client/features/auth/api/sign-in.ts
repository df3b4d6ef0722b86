import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';

/** POST /api/auth/sign-in: uses the link's token and starts a session. */
export const signIn = (token: string) => sendJson<{ redirectTo: string }>('POST', '/api/auth/sign-in', { token });

export const useSignIn = () => useMutation({ mutationFn: signIn });
