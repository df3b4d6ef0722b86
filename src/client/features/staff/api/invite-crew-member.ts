import type { CrewInvite } from '../../../../shared/api/crew-members';
import { resources } from '../../../api/query-keys';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

/** POST /api/admin/crew-members: adds a crew member and e-mails them an invitation to the crew page. */
export const inviteCrewMember = (input: CrewInvite) => sendJson<{ id: string; message: string }>('POST', '/api/admin/crew-members', input);

/** The crew list and the schedule (whose rows and reassign choices are the crew) are read again. */
export const useInviteCrewMember = () =>
  useRefreshingMutation({ mutationFn: inviteCrewMember, changes: [resources.crewMembers, resources.visits] });
