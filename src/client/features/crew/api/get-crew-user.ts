import { useQuery } from '@tanstack/react-query';
import { getAuthUser, type AuthResponse } from '../../../api/get-auth-user';
import { cachedUser, cacheUser } from './offline-store';
import { crewKeys } from './get-crew-route';

/**
 * The signed-in user, as /api/auth/user says, kept on the phone: without signal the crew
 * member who last signed in on it is shown their cached route, and their queue keeps waiting.
 */
export async function getCrewUser(): Promise<AuthResponse | null> {
  try {
    const user = await getAuthUser();
    await cacheUser(user);
    return user;
  } catch (error) {
    const cached = error instanceof TypeError ? await cachedUser() : null;
    if (cached) return cached;
    throw error;
  }
}

export const useCrewUser = () => useQuery({ queryKey: crewKeys.user(), queryFn: getCrewUser });
