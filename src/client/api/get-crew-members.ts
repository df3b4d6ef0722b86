import { useQuery } from '@tanstack/react-query';
import type { CrewMember } from '../../shared/api/crew-members';
import { getJson } from '../lib/api-client';
import { crewMemberKeys } from './query-keys';

export { crewMemberKeys };

/** GET /api/admin/crew-members: the company's crew members, by first name, whom work can be assigned to. */
export const getCrewMembers = () => getJson<CrewMember[]>('/api/admin/crew-members');

export const useCrewMembers = () => useQuery({ queryKey: crewMemberKeys.all, queryFn: getCrewMembers, staleTime: 60_000 });
