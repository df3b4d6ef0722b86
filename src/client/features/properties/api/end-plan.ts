import type { Plan } from '../../../../shared/api/plans';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { resources } from '../../../api/query-keys';
import { planKeys } from './keys';

/** POST /api/admin/plans/{id}/end: the plan's last day; untouched visits after it are removed. */
export const endPlan = ({ id, endDate }: { id: string; propertyId: string; endDate: string }) =>
  sendJson<Plan>('POST', `/api/admin/plans/${id}/end`, { endDate });

export const useEndPlan = () =>
  // Its visits are made (or removed) at once: the schedule and the page's own visits show them.
  useRefreshingMutation({ mutationFn: endPlan, changes: [(input) => planKeys.detail(input.propertyId), resources.visits] });
