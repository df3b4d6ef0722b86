import type { OneOffVisitInput } from '../../../../shared/api/schedule';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { resources } from '../../../api/query-keys';

/** POST /api/admin/visits: a one-off visit. */
export const createVisit = (input: OneOffVisitInput) => sendJson<{ id: string }>('POST', '/api/admin/visits', input);

export const useCreateVisit = () => useRefreshingMutation({ mutationFn: createVisit, changes: [resources.visits] });
