import { useQuery } from '@tanstack/react-query';
import type { SignInLinkProblem } from '../../../../shared/portal-types';
import { getJson } from '../../../lib/api-client';

/** What a link that exists is for, and where it leads (absent for a token that matches no link). */
interface LinkKind {
  purpose?: 'sign-in' | 'invitation';
  returnTo?: string;
}

export type LinkCheck = ({ ok: true } | { ok: false; problem: SignInLinkProblem; message: string }) & LinkKind;

export const signInLinkKeys = {
  check: (token: string) => ['sign-in-link', token] as const,
};

/** GET /api/auth/sign-in-link?token=: whether a link would work, without using it. */
export const checkSignInLink = (token: string) => getJson<LinkCheck>(`/api/auth/sign-in-link?token=${encodeURIComponent(token)}`);

export function useCheckSignInLink(token: string) {
  return useQuery({ queryKey: signInLinkKeys.check(token), queryFn: () => checkSignInLink(token), enabled: token !== '' });
}
