import type { Plan, PlanInput } from '../../../../shared/api/plans';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { planKeys } from './keys';

/** POST /api/admin/properties/{id}/plans: the plan's visits are made at once. */
export const createPlan = ({ propertyId, input }: { propertyId: string; input: PlanInput }) =>
  sendJson<Plan>('POST', `/api/admin/properties/${propertyId}/plans`, input);

export const useCreatePlan = () => useRefreshingMutation(createPlan, (variables) => planKeys.property(variables.propertyId));
