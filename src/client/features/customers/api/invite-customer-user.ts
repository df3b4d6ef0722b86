import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';

/** POST /api/admin/users/{id}/invite: e-mails the user a sign-in link. Nothing shown changes, so nothing is refreshed. */
export const inviteCustomerUser = (userId: string) => sendJson<{ message: string }>('POST', `/api/admin/users/${userId}/invite`);

export const useInviteCustomerUser = () => useMutation({ mutationFn: inviteCustomerUser });
