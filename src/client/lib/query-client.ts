import { QueryClient } from '@tanstack/react-query';
import { QUERY_GC_TIME_MS } from '../../shared/constants';
import { getJson } from './api-client';

/** SPEC §9: no refetch on focus, no polling by default, never stale, no retries, unused data dropped after 5 minutes. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey }) => getJson(queryKey.join('/')),
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        retry: false,
        gcTime: QUERY_GC_TIME_MS,
      },
      mutations: { retry: false },
    },
  });
}
