import { useQuery } from '@tanstack/react-query';
import type { SignInLinkProblem } from '../../../../shared/api/accounts';
import { sendJson } from '../../../lib/api-client';

/** What a link that exists is for, and where it leads (absent for a token that matches no link). */
interface LinkKind {
  purpose?: 'sign-in' | 'invitation';
  returnTo?: string;
}

export type LinkCheck = ({ ok: true; confirmEmail?: boolean } | { ok: false; problem: SignInLinkProblem; message: string }) & LinkKind;

export const signInLinkKeys = {
  check: (token: string) => ['sign-in-link', token] as const,
};

/** POST /api/auth/sign-in-link/check: whether a link would work, without using it (a POST keeps the token out of URLs). */
export const checkSignInLink = (token: string) => sendJson<LinkCheck>('POST', '/api/auth/sign-in-link/check', { token });

export function useCheckSignInLink(token: string) {
  return useQuery({ queryKey: signInLinkKeys.check(token), queryFn: () => checkSignInLink(token), enabled: token !== '' });
}
