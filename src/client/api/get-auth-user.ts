import { useQuery } from '@tanstack/react-query';
import { roleMay, type Action, type Resource } from '../../shared/policy';
import type { AuthResponse } from '../../shared/api/accounts';
import { getJson } from '../lib/api-client';
import { takeFirstScreenData } from '../lib/first-screen';
import { AUTH_USER_URL } from '../../shared/first-screen';

export type { AuthResponse };

export const authKeys = {
  user: () => ['auth', 'user'] as const,
};

/** GET /api/auth/user: the signed-in user, or null when signed out (a 401 here means "no user", SPEC §7). */
export async function getAuthUser(): Promise<AuthResponse | null> {
  return getJson<AuthResponse>(AUTH_USER_URL, { on401: 'returnNull' });
}

/** The signed-in user; on a signed-in screen's page the server sent it along (decision 010), so nothing flashes "Sign in". */
export function useAuthUser() {
  return useQuery({
    queryKey: authKeys.user(),
    queryFn: getAuthUser,
    initialData: () => takeFirstScreenData<AuthResponse>(AUTH_USER_URL),
    retry: false,
  });
}

/** Whether the signed-in user's role may ever do this (the shared policy table): to hide what they may not do. The server decides. */
export function useRoleMay(action: Action, resource: Resource): boolean {
  const role = useAuthUser().data?.user.role;
  return role !== undefined && roleMay(role, action, resource);
}
