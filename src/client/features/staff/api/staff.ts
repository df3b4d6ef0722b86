import { useQuery } from '@tanstack/react-query';
import type { StaffInvite, StaffMember } from '../../../../shared/api/staff';
import type { StaffRole } from '../../../../shared/policy';
import { resources } from '../../../api/query-keys';
import { getJson, sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

const staffKeys = { all: ['staff'] as const };

/** GET /api/admin/staff (owners): the company's people, disabled ones too. */
export const useStaff = () => useQuery({ queryKey: staffKeys.all, queryFn: () => getJson<StaffMember[]>('/api/admin/staff') });

/** PATCH /api/admin/staff/{id}: a new role, or disabled / enabled. The crew list and the schedule are read again. */
export const useChangeStaffMember = () =>
  useRefreshingMutation({
    mutationFn: ({ id, change }: { id: string; change: { role?: StaffRole; disabled?: boolean } }) =>
      sendJson<StaffMember>('PATCH', `/api/admin/staff/${id}`, change),
    changes: [staffKeys.all, resources.crewMembers, resources.visits],
  });

/** POST /api/admin/staff: someone new, with a role, e-mailed an invitation. */
export const useInviteStaffMember = () =>
  useRefreshingMutation({
    mutationFn: (input: StaffInvite) => sendJson<StaffMember>('POST', '/api/admin/staff', input),
    changes: [staffKeys.all, resources.crewMembers, resources.visits],
  });

/** POST /api/admin/staff/{id}/reset-passkeys: their passkeys and recovery codes go, and they are signed out everywhere. */
export const useResetPasskeys = () =>
  useRefreshingMutation({
    mutationFn: (id: string) => sendJson<{ removed: number }>('POST', `/api/admin/staff/${id}/reset-passkeys`),
    changes: [staffKeys.all],
  });
