import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Agreement } from '../../../../shared/api/estimates';
import { agreementKeys, visitKeys } from '../../../api/query-keys';
import { getJson, sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { cancelAgreementUrl, MY_AGREEMENTS_URL } from './urls';

/** GET /api/portal/agreements: the customer's service agreements with their properties, lines and dates. */
export const useAgreements = () => useQuery({ queryKey: agreementKeys.mine(), queryFn: () => getJson<Agreement[]>(MY_AGREEMENTS_URL) });

/**
 * POST …/cancel: 30 days' notice on a month-to-month agreement. The answer is the agreement as it
 * now stands ("ending", with the day service ends), shown at once; the plans ending changes the
 * properties' coming visits too, so those are read again.
 */
export function useCancelAgreement() {
  const queryClient = useQueryClient();
  return useRefreshingMutation({
    mutationFn: async (agreementId: string) => {
      const cancelled = await sendJson<Agreement>('POST', cancelAgreementUrl(agreementId));
      queryClient.setQueryData<Agreement[]>(agreementKeys.mine(), (list) =>
        list?.map((agreement) => (agreement.id === cancelled.id ? cancelled : agreement)),
      );
      return cancelled;
    },
    changes: [agreementKeys.all, visitKeys.all],
  });
}
