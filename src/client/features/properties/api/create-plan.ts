import type { Plan, PlanInput } from '../../../../shared/api/plans';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { resources } from '../../../api/query-keys';
import { planKeys } from './keys';

/** POST /api/admin/properties/{id}/plans: the plan's visits are made at once. */
export const createPlan = ({ propertyId, input }: { propertyId: string; input: PlanInput }) =>
  sendJson<Plan>('POST', `/api/admin/properties/${propertyId}/plans`, input);

export const useCreatePlan = () =>
  // Its visits are made (or removed) at once: the schedule and the page's own visits show them.
  useRefreshingMutation({ mutationFn: createPlan, changes: [(input) => planKeys.detail(input.propertyId), resources.visits] });
