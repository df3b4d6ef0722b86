import { useQuery } from '@tanstack/react-query';
import type { AuthResponse } from '../../shared/portal-types';
import { getJson } from './api-client';

/** The signed-in user, or null when signed out: a 401 here means "no user" (SPEC §7), not an error. */
export function useAuthUser() {
  return useQuery({
    queryKey: ['/api/auth/user'],
    queryFn: () => getJson<AuthResponse>('/api/auth/user', { on401: 'returnNull' }),
    retry: false,
  });
}
