import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';

/** POST /api/auth/sign-in-link: answers the same whether or not the address has an account. */
export const requestSignInLink = (input: { email: string; returnTo?: string }) =>
  sendJson<{ message: string }>('POST', '/api/auth/sign-in-link', input);

export const useRequestSignInLink = () => useMutation({ mutationFn: requestSignInLink });
