import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import type { MailQueue } from '../mail/outbox';
import { invitationEmail } from '../mail/templates';
import { requireCustomer } from '../customers/customers.service';
import { createSignInLink, findUserByEmail, normalizeEmail } from './sign-in-links';

const TAKEN = 'Someone already signs in with this email';

/** A person who signs in for a customer company. */
export async function addCustomerUser(
  db: Db,
  customerId: string,
  input: { email: string; firstName?: string | null; lastName?: string | null },
): Promise<{ id: string }> {
  await requireCustomer(db, customerId);
  if (await findUserByEmail(db, input.email)) throw new ConflictError('email', TAKEN);
  const [row] = await db
    .insert(users)
    .values({
      email: normalizeEmail(input.email),
      firstName: input.firstName || null,
      lastName: input.lastName || null,
      role: 'customer',
      customerId,
    })
    .returning({ id: users.id });
  return row!;
}

/** For the import: changes a customer's user (names, and which customer). */
export async function setCustomerUser(
  db: Db,
  id: string,
  values: { firstName: string | null; lastName: string | null; customerId: string },
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, role: 'customer' })
    .where(eq(users.id, id));
}

/** Sends a customer's user an invitation: a sign-in link to the customer dashboard, by e-mail. Returns the address. */
export async function inviteUser(db: Db, mail: MailQueue, appUrl: URL, userId: string): Promise<string> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  // Office staff invite customers' people; staff accounts are the owners' to manage.
  if (!user || user.role !== 'customer') throw new NotFoundError();
  const link = await createSignInLink(db, appUrl, user.id, '/customer-dashboard');
  await mail.send(invitationEmail({ to: user.email, firstName: user.firstName, link }));
  return user.email;
}
