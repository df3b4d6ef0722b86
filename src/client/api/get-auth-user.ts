import { useQuery } from '@tanstack/react-query';
import { roleMay, type Action, type Resource, type Role } from '../../shared/policy';
import type { AuthResponse as ServerAuthResponse } from '../../shared/portal-types';
import { getJson } from '../lib/api-client';

/** The answer with the policy's roles (see getAuthUser). */
export type AuthResponse = Omit<ServerAuthResponse, 'user'> & { user: Omit<ServerAuthResponse['user'], 'role'> & { role: Role } };

export const authKeys = {
  user: () => ['auth', 'user'] as const,
};

/** GET /api/auth/user: the signed-in user, or null when signed out (a 401 here means "no user", SPEC §7). */
export async function getAuthUser(): Promise<AuthResponse | null> {
  const auth = await getJson<ServerAuthResponse>('/api/auth/user', { on401: 'returnNull' });
  if (!auth) return null;
  // Until the server's roles (owner, office, crew, customer) land it calls every staff user 'staff';
  // its first staff user then becomes 'owner'. Remove this line and the type below with that merge.
  return { ...auth, user: { ...auth.user, role: auth.user.role === 'staff' ? 'owner' : auth.user.role } };
}

export function useAuthUser() {
  return useQuery({ queryKey: authKeys.user(), queryFn: getAuthUser, retry: false });
}

/** Whether the signed-in user's role may ever do this (the shared policy table): to hide what they may not do. The server decides. */
export function useRoleMay(action: Action, resource: Resource): boolean {
  const role = useAuthUser().data?.user.role;
  return role !== undefined && roleMay(role, action, resource);
}
