import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { customerKeys } from './keys';

/** POST /api/admin/users/{id}/invite (no body): e-mails the user a sign-in link; the user then counts as invited (report e-mails may follow). */
export const inviteCustomerUser = (userId: string) => sendJson<{ message: string }>('POST', `/api/admin/users/${userId}/invite`);

export function useInviteCustomerUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteCustomerUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
