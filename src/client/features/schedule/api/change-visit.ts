import type { VisitChangeInput } from '../../../../shared/api/schedule';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { resources } from '../../../api/query-keys';

/** PATCH /api/admin/visits/{id}: move, reassign, skip or correct a visit. */
export const changeVisit = ({ id, change }: { id: string; change: VisitChangeInput }) =>
  sendJson<{ id: string }>('PATCH', `/api/admin/visits/${id}`, change);

export const useChangeVisit = () => useRefreshingMutation({ mutationFn: changeVisit, changes: [resources.visits] });
