import { useQuery } from '@tanstack/react-query';
import { AUTH_USER_URL } from '../../../../shared/first-screen';
import { getAuthUser, type AuthResponse } from '../../../api/get-auth-user';
import { takeFirstScreenData } from '../../../lib/first-screen';
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

/** The user sent with the page (decision 010), kept on the phone as an answer of the server's would be. */
function firstScreenUser(): AuthResponse | undefined {
  const user = takeFirstScreenData<AuthResponse>(AUTH_USER_URL);
  // Not while the server renders the page: the phone keeps it once the page is on it.
  if (user && typeof indexedDB !== 'undefined') void cacheUser(user).catch(() => undefined);
  return user;
}

export const useCrewUser = () => useQuery({ queryKey: crewKeys.user(), queryFn: getCrewUser, initialData: firstScreenUser });
