import type { Plan, PlanInput } from '../../../../shared/api/plans';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { resources } from '../../../api/query-keys';
import { planKeys } from './keys';

/** PATCH /api/admin/plans/{id}: the plan whole; its untouched visits from today on are made again. */
export const updatePlan = ({ id, input }: { id: string; propertyId: string; input: PlanInput }) =>
  sendJson<Plan>('PATCH', `/api/admin/plans/${id}`, input);

export const useUpdatePlan = () =>
  // Its visits are made (or removed) at once: the schedule and the page's own visits show them.
  useRefreshingMutation({ mutationFn: updatePlan, changes: [(input) => planKeys.detail(input.propertyId), resources.visits] });
