import { QueryClient, environmentManager } from '@tanstack/react-query';
import { QUERY_GC_TIME_MS } from '../../shared/constants';

/**
 * Every query names its own fetcher (features/<name>/api/); keys come from the features' key factories. SPEC §9: no refetch on focus, no polling by default, never stale, no retries, unused data dropped after 5 minutes.
 * Calls are made even when the browser reports it is offline (`networkMode: 'always'`): they fail at once and the screen says
 * so in words, where TanStack Query's default would pause them silently (a save stuck on "Saving...", a refresh that never comes).
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        retry: false,
        // On the server (a signed-in first screen's render, decision 010) nothing is kept: a timer to drop the data
        // later would hold one user's answers in memory for 5 minutes after their page was sent.
        gcTime: environmentManager.isServer() ? Infinity : QUERY_GC_TIME_MS,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
