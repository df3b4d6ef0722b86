import { useQuery } from '@tanstack/react-query';
import type { PublicEstimate } from '../../../../shared/api/estimates';
import { EXPIRED, expiredMessage, getEstimateView, type EstimateView } from '../../../api/estimate-answers';
import type { ApiErrorBody } from '../../../lib/api-client';
import { takeFirstScreenAnswer } from '../../../lib/first-screen';
import { estimateKeys } from './estimate-keys';
import { estimateUrl } from './urls';

/** The answer that came with the page (decision 012), as the view: an expired estimate comes as a 410. */
function firstScreenView(url: string): EstimateView | undefined {
  const answer = takeFirstScreenAnswer<PublicEstimate | ApiErrorBody>(url);
  if (!answer) return undefined;
  return answer.status === EXPIRED
    ? { kind: 'expired', message: expiredMessage(answer.body as ApiErrorBody) }
    : { kind: 'estimate', estimate: answer.body as PublicEstimate };
}

/** GET /api/estimates/{token}[?version=N]: 404 for an unknown link, 429 when asked too often. */
export function useEstimate(token: string, version: string | null) {
  const url = estimateUrl(token, version);
  return useQuery({
    queryKey: estimateKeys.one(token, version),
    queryFn: () => getEstimateView(url),
    initialData: () => firstScreenView(url),
  });
}
