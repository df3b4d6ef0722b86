import { z } from 'zod/mini';
import { invalidCharacterMessage, oneLineText, storableText } from '../storable-text';
import { displayName } from '../display-name';
import { notAnObject } from './common';

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

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(100, `${label} must be at most 100 characters`),
      storableText(invalidCharacterMessage(label)),
      oneLineText(label),
    );

/** POST /api/admin/crew-members: a new crew member, invited by e-mail. */
export const crewInviteSchema = z.object(
  {
    email: z
      .string({ error: 'Please enter a valid email address' })
      .check(z.trim(), z.maxLength(254, 'Please enter a valid email address'), z.email('Please enter a valid email address')),
    firstName: name('First name'),
    lastName: name('Last name'),
  },
  notAnObject,
);
export type CrewInvite = z.output<typeof crewInviteSchema>;

export const crewInvitedSchema = z.object({ id: z.string(), message: z.string() });
