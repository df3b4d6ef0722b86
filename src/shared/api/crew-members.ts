import { z } from 'zod/mini';
import { displayName } from '../display-name';

/** GET /api/admin/crew-members: a crew member, to assign work to. */
export const crewMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
});
export type CrewMember = z.infer<typeof crewMemberSchema>;

/** How a crew member is named on screens: first and last name, else the e-mail. */
export const crewMemberName = (member: Pick<CrewMember, 'email' | 'firstName' | 'lastName'>) => displayName(member);
