import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { customers, users } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { type InvitationAudience, invitationEmail, type MailQueue } from '../mail';
import { createInvitationLink } from './sign-in-links';
import { fullName } from '../../../shared/display-name';

/** For the import: changes a customer's user (names, and which customer). */
export async function setCustomerUser(
  db: Executor,
  id: string,
  values: { firstName: string | null; lastName: string | null; customerId: string },
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, role: 'customer' })
    .where(eq(users.id, id));
}

/**
 * Sends a customer's user an invitation to the customer portal by e-mail: a link good for
 * 7 days, once, naming the staff member who sent it. Returns the address.
 */
export async function inviteUser(
  db: Executor,
  mail: MailQueue,
  appUrl: URL,
  userId: string,
  invitedBy: string | null = null,
): Promise<string> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  // Office staff invite customers' people; staff accounts are the owners' to manage.
  if (!user || user.role !== 'customer') throw new NotFoundError();
  const [company] = user.customerId
    ? await db.select({ name: customers.name }).from(customers).where(eq(customers.id, user.customerId)).limit(1)
    : [];
  const sent = await sendInvitation(db, mail, appUrl, user, invitedBy, {
    audience: 'portal',
    returnTo: '/customer-dashboard',
    customerName: company?.name ?? null,
  });
  // Told of the account now: report e-mails may follow.
  await db
    .update(users)
    .set({ invitedAt: new Date() })
    .where(and(eq(users.id, user.id), isNull(users.invitedAt)));
  return sent.email;
}

/**
 * Sends a staff member an invitation (7 days, once): owners and office staff to the console,
 * a crew member to the crew page. `invitedBy` is the staff member who sent it, or null for the
 * operator command (the e-mail then comes from the company). For create-staff and the staff
 * management to come. Returns the address and the link: the operator command prints it, a
 * route must not answer with it.
 */
export async function inviteStaffMember(
  db: Executor,
  mail: MailQueue,
  appUrl: URL,
  userId: string,
  invitedBy: string | null,
): Promise<{ email: string; link: string }> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.role === 'customer') throw new NotFoundError();
  return sendInvitation(
    db,
    mail,
    appUrl,
    user,
    invitedBy,
    user.role === 'crew' ? { audience: 'crew', returnTo: '/crew' } : { audience: 'console', returnTo: '/admin' },
  );
}

async function sendInvitation(
  db: Executor,
  mail: MailQueue,
  appUrl: URL,
  user: { id: string; email: string; firstName: string | null },
  invitedBy: string | null,
  where: { audience: InvitationAudience; returnTo: string; customerName?: string | null },
): Promise<{ email: string; link: string }> {
  const [sender] = invitedBy
    ? await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, invitedBy)).limit(1)
    : [];
  const link = await createInvitationLink(db, appUrl, user.id, where.returnTo, invitedBy);
  await mail.send(
    invitationEmail({
      to: user.email,
      firstName: user.firstName,
      link,
      inviter: sender ? fullName(sender) || null : null,
      audience: where.audience,
      customerName: where.customerName,
    }),
  );
  return { email: user.email, link };
}
