import { useQueryClient } from '@tanstack/react-query';
import type { EstimateAccept, PublicEstimate } from '../../../../shared/api/estimates';
import { sendJson } from '../../../lib/api-client';
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
      const estimate = await sendJson<PublicEstimate>('POST', estimateActionUrl(token, 'accept'), input);
      queryClient.setQueryData(estimateKeys.one(token, version), { kind: 'estimate', estimate });
      return estimate;
    },
    changes: [estimateKeys.one(token, version)],
  });
}

export const useRequestChanges = (token: string, version: string | null) =>
  useRefreshingMutation({
    mutationFn: (input: { message: string }) => sendJson<unknown>('POST', estimateActionUrl(token, 'request-changes'), input),
    changes: [estimateKeys.one(token, version)],
  });

export const useDeclineEstimate = (token: string, version: string | null) =>
  useRefreshingMutation({
    mutationFn: (input: { reason?: string }) => sendJson<unknown>('POST', estimateActionUrl(token, 'decline'), input),
    changes: [estimateKeys.one(token, version)],
  });
