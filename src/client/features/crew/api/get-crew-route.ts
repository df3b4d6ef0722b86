import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { takeFirstScreenData } from '../../../lib/first-screen';
import type { CrewRoute } from '../../../../shared/api/crew';
import { cachedRoute, cacheRoute } from './offline-store';
import { CREW_ROUTE_URL } from './urls';

export const crewKeys = {
  all: ['crew'] as const,
  /** A member's route; without an id, every member's (for invalidation). */
  route: (userId?: string) => (userId ? ([...crewKeys.all, 'route', userId] as const) : ([...crewKeys.all, 'route'] as const)),
  user: () => [...crewKeys.all, 'user'] as const,
};

export interface CrewRouteResult {
  route: CrewRoute;
  /** Read from the phone, because the server could not be reached: when it was saved is unknown to the screen. */
  offline: boolean;
}

/**
 * Today's route and the last week. Each answer is kept on the phone, so
 * without signal (a reload in a parking lot) the last one is shown instead of an error.
 */
export async function getCrewRoute(userId: string): Promise<CrewRouteResult> {
  try {
    const route = await getJson<CrewRoute>(CREW_ROUTE_URL);
    await cacheRoute(userId, route);
    return { route, offline: false };
  } catch (error) {
    const cached = error instanceof TypeError ? await cachedRoute(userId) : null;
    if (cached) return { route: cached, offline: true };
    throw error;
  }
}

/** The route sent with the page (decision 010) for the member it was made for, kept on the phone as an answer of the server's would be. */
function firstScreenRoute(userId: string | undefined): CrewRouteResult | undefined {
  if (!userId) return undefined;
  const route = takeFirstScreenData<CrewRoute>(CREW_ROUTE_URL);
  if (!route) return undefined;
  // Not while the server renders the page: the phone keeps it once the page is on it.
  if (typeof indexedDB !== 'undefined') void cacheRoute(userId, route).catch(() => undefined);
  return { route, offline: false };
}

/** The route of the crew member signed in (their user id; undefined until that is known). */
export const useCrewRoute = (userId: string | undefined) =>
  useQuery({
    queryKey: crewKeys.route(userId),
    queryFn: () => getCrewRoute(userId!),
    initialData: () => firstScreenRoute(userId),
    enabled: Boolean(userId),
  });
