import { useQuery } from '@tanstack/react-query';
import type { PublicEstimate } from '../../../../shared/api/estimates';
import { ApiError, getJson, type ApiErrorBody } from '../../../lib/api-client';
import { takeFirstScreenAnswer } from '../../../lib/first-screen';
import { estimateKeys } from './estimate-keys';
import { estimateUrl } from './urls';

/** What the page shows: the estimate, or the server's word that it has expired (410: past "valid until"). */
export type EstimateView = { kind: 'estimate'; estimate: PublicEstimate } | { kind: 'expired'; message: string };

const EXPIRED = 410;
const expiredMessage = (body: Partial<ApiErrorBody> | null | undefined) =>
  typeof body?.message === 'string' ? body.message : 'This estimate has expired.';

export async function getEstimate(url: string): Promise<EstimateView> {
  try {
    return { kind: 'estimate', estimate: await getJson<PublicEstimate>(url) };
  } catch (error) {
    if (error instanceof ApiError && error.status === EXPIRED) return { kind: 'expired', message: expiredMessage(error.data) };
    throw error;
  }
}

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
    queryFn: () => getEstimate(url),
    initialData: () => firstScreenView(url),
  });
}
