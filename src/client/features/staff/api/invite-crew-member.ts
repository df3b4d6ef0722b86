import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CrewInvite } from '../../../../shared/api/crew-members';
import { sendJson } from '../../../lib/api-client';
import { crewMemberKeys } from '../../../api/get-crew-members';
import { scheduleKeys } from '../../../api/schedule-keys';

/** POST /api/admin/crew-members: adds a crew member and e-mails them an invitation to the crew page. */
export const inviteCrewMember = (input: CrewInvite) => sendJson<{ id: string; message: string }>('POST', '/api/admin/crew-members', input);

/** The crew list and the schedule (whose rows and reassign choices are the crew) are read again. */
export function useInviteCrewMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteCrewMember,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: crewMemberKeys.all }),
        queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
      ]),
  });
}
