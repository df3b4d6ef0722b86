import type { Executor } from '../../db/executor';
import { users } from '../../db/schema';
import { ConflictError, unlessDuplicate } from '../../errors';
import type { MailQueue } from '../mail';
import type { CrewInvite } from '../../../shared/api/crew-members';
import { findUserByEmail, normalizeEmail } from './users';
import { inviteStaffMember } from './users.service';

/**
 * Adds a crew member (role crew) and e-mails them an invitation to the crew page, from the staff
 * member who sent it. An address that already signs in (a customer's user, staff, or a crew
 * member) is refused: a person has one role, and changing it is the owners' staff management.
 */
export async function inviteCrewMember(db: Executor, mail: MailQueue, appUrl: URL, input: CrewInvite, invitedBy: string) {
  const email = normalizeEmail(input.email);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    throw new ConflictError(
      'email',
      existing.role === 'customer'
        ? 'This e-mail belongs to a customer’s user. Crew members need their own address.'
        : existing.role === 'crew'
          ? 'This person is already a crew member'
          : 'This e-mail belongs to a member of the office staff',
    );
  }
  // Two invitations to one address at once: the second finds the first's row.
  const [row] = await unlessDuplicate('email', 'This person is already a crew member', () =>
    db.insert(users).values({ email, role: 'crew', firstName: input.firstName, lastName: input.lastName }).returning({ id: users.id }),
  );
  const sent = await inviteStaffMember(db, mail, appUrl, row!.id, invitedBy);
  return { id: row!.id, message: `Invitation sent to ${sent.email}` };
}
