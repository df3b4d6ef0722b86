import { useQueryClient } from '@tanstack/react-query';
import type { EstimateAccept, PublicEstimate } from '../../../../shared/api/estimates';
import { ApiError, sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { estimateKeys } from './estimate-keys';
import { estimateActionUrl } from './urls';

/**
 * The prospect's three answers. Each changes the estimate (its status, and for an acceptance who
 * signed), so the page reads it again. Accepting answers with the accepted estimate, shown at once:
 * a second press, a second tab or a retry gets the same answer and shows the same confirmation.
 */
export function useAcceptEstimate(token: string, version: string | null) {
  const queryClient = useQueryClient();
  return useRefreshingMutation({
    mutationFn: async (input: EstimateAccept) => {
      const key = estimateKeys.one(token, version);
      try {
        const estimate = await sendJson<PublicEstimate>('POST', estimateActionUrl(token, version, 'accept'), input);
        queryClient.setQueryData(key, { kind: 'estimate', estimate });
        return estimate;
      } catch (error) {
        // Accepted meanwhile with other choices (another tab), or expired since the page opened: the
        // page then shows the estimate as it now stands, its confirmation or its expiry, not an error.
        if (error instanceof ApiError && (error.status === 409 || error.status === 410)) {
          await queryClient.refetchQueries({ queryKey: key });
          return null;
        }
        throw error;
      }
    },
    changes: [estimateKeys.one(token, version)],
  });
}

export const useRequestChanges = (token: string, version: string | null) =>
  useRefreshingMutation({
    mutationFn: (input: { message: string }) => sendJson<unknown>('POST', estimateActionUrl(token, version, 'request-changes'), input),
    changes: [estimateKeys.one(token, version)],
  });

export const useDeclineEstimate = (token: string, version: string | null) =>
  useRefreshingMutation({
    mutationFn: (input: { reason?: string }) => sendJson<unknown>('POST', estimateActionUrl(token, version, 'decline'), input),
    changes: [estimateKeys.one(token, version)],
  });
