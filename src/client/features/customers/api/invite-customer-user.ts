import { resources } from '../../../api/query-keys';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

/** POST /api/admin/users/{id}/invite (no body): e-mails the user a sign-in link; the user then counts as invited (report e-mails may follow). */
export const inviteCustomerUser = (userId: string) => sendJson<{ message: string }>('POST', `/api/admin/users/${userId}/invite`);

export const useInviteCustomerUser = () => useRefreshingMutation({ mutationFn: inviteCustomerUser, changes: [resources.customers] });
