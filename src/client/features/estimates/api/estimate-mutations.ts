import type { Estimate, EstimateDraft } from '../../../../shared/api/estimates';
import { resources } from '../../../api/query-keys';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { estimatesUrl, estimateUrl } from './urls';

/** A quote request's estimates change its status (sent: quoted) and what it links to. */
const changes = [resources.estimates, resources.quoteRequests];

/** POST /api/admin/estimates (a new draft), or PUT /api/admin/estimates/{id} (a draft replaced whole). */
export const useSaveEstimate = () =>
  useRefreshingMutation({
    mutationFn: ({ id, draft }: { id: string | null; draft: EstimateDraft }) =>
      id ? sendJson<Estimate>('PUT', estimateUrl(id), draft) : sendJson<Estimate>('POST', estimatesUrl(), draft),
    changes,
  });

/** POST /api/admin/estimates/{id}/send: e-mails the prospect the link and the PDF. */
export const useSendEstimate = () =>
  useRefreshingMutation({ mutationFn: (id: string) => sendJson<Estimate>('POST', `${estimateUrl(id)}/send`), changes });

/** POST /api/admin/estimates/{id}/revise: the next version, as a draft (the sent one is never changed). */
export const useReviseEstimate = () =>
  useRefreshingMutation({ mutationFn: (id: string) => sendJson<Estimate>('POST', `${estimateUrl(id)}/revise`), changes });

/** POST /api/admin/estimates/{id}/extend: a later last valid day. */
export const useExtendEstimate = () =>
  useRefreshingMutation({
    mutationFn: ({ id, validUntil }: { id: string; validUntil: string }) =>
      sendJson<Estimate>('POST', `${estimateUrl(id)}/extend`, { validUntil }),
    changes,
  });
