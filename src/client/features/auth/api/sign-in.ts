import { useMutation } from '@tanstack/react-query';
import type { SignInLinkProblem } from '../../../../shared/portal-types';
import { apiRequest, getJson } from '../../../lib/api-client';

export function useRequestSignInLink() {
  return useMutation({
    mutationFn: async (input: { email: string; returnTo: string }) =>
      (await (await apiRequest('POST', '/api/auth/sign-in-link', input)).json()) as { message: string },
  });
}

export type LinkCheck = { ok: true } | { ok: false; problem: SignInLinkProblem; message: string };

export function checkSignInLink(token: string) {
  return getJson<LinkCheck>(`/api/auth/sign-in-link?token=${encodeURIComponent(token)}`);
}

export function useSignIn() {
  return useMutation({
    mutationFn: async (token: string) =>
      (await (await apiRequest('POST', '/api/auth/sign-in', { token })).json()) as { redirectTo: string },
  });
}
