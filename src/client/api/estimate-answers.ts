import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { PublicEstimate } from '../../shared/api/estimates';
import type { EstimateAccept } from '../../shared/api/estimate-responses';
import { ApiError, getJson, sendJson, type ApiErrorBody } from '../lib/api-client';
import { useRefreshingMutation } from '../lib/use-refreshing-mutation';

/**
 * An estimate as its customer sees it, and their three answers (issue 24): the same on the
 * prospect's page (by its link) and in the portal (a customer's estimate for an added property or
 * service). Each screen says where its estimate is read and answered, and what an answer changes.
 */

/** What the page shows: the estimate, or the server's word that it has expired (410: past "valid until"). */
export type EstimateView = { kind: 'estimate'; estimate: PublicEstimate } | { kind: 'expired'; message: string };

export const EXPIRED = 410;
export const expiredMessage = (body: Partial<ApiErrorBody> | null | undefined) =>
  typeof body?.message === 'string' ? body.message : 'This estimate has expired.';

/** GET an estimate: a 410 is its expiry, shown as such; anything else that fails is an error. */
export async function getEstimateView(url: string): Promise<EstimateView> {
  try {
    return { kind: 'estimate', estimate: await getJson<PublicEstimate>(url) };
  } catch (error) {
    if (error instanceof ApiError && error.status === EXPIRED) return { kind: 'expired', message: expiredMessage(error.data) };
    throw error;
  }
}

export type EstimateAnswer = 'accept' | 'request-changes' | 'decline';

/** The three answers as the estimate's screens send them. */
export interface EstimateAnswers {
  accept: (input: EstimateAccept) => Promise<unknown>;
  requestChanges: (input: { message: string }) => Promise<unknown>;
  decline: (input: { reason?: string }) => Promise<unknown>;
}

/**
 * The answers to the estimate held under `key`, posted to `url(answer)`. Each changes the estimate
 * (its status, and for an acceptance who signed), so it is read again, with anything else in
 * `changes`. Accepting answers with the accepted estimate, shown at once: a second press, a second
 * tab or a retry gets the same answer and shows the same confirmation.
 */
export function useEstimateAnswers(
  key: QueryKey,
  url: (answer: EstimateAnswer) => string,
  changes: readonly QueryKey[] = [],
): EstimateAnswers {
  const queryClient = useQueryClient();
  const refreshes = [key, ...changes];
  const accept = useRefreshingMutation({
    mutationFn: async (input: EstimateAccept) => {
      try {
        const estimate = await sendJson<PublicEstimate>('POST', url('accept'), input);
        queryClient.setQueryData(key, { kind: 'estimate', estimate } satisfies EstimateView);
        return estimate;
      } catch (error) {
        // Accepted meanwhile with other choices (another tab), or expired since the page opened: the
        // page then shows the estimate as it now stands, its confirmation or its expiry, not an error.
        if (error instanceof ApiError && (error.status === 409 || error.status === EXPIRED)) {
          await queryClient.refetchQueries({ queryKey: key });
          return null;
        }
        throw error;
      }
    },
    changes: refreshes,
  });
  const requestChanges = useRefreshingMutation({
    mutationFn: (input: { message: string }) => sendJson<unknown>('POST', url('request-changes'), input),
    changes: refreshes,
  });
  const decline = useRefreshingMutation({
    mutationFn: (input: { reason?: string }) => sendJson<unknown>('POST', url('decline'), input),
    changes: refreshes,
  });
  return { accept: accept.mutateAsync, requestChanges: requestChanges.mutateAsync, decline: decline.mutateAsync };
}
