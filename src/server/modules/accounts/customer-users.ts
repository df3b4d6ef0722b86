import type { Executor } from '../../db/executor';
import { users } from '../../db/schema';
import { ConflictError } from '../../errors';
import { findUserByEmail, normalizeEmail } from './users';

const TAKEN = 'Someone already signs in with this email';

/**
 * A person who signs in for a customer company, in the caller's transaction. Not invited yet:
 * no report e-mail goes to them until staff send the invitation (or they sign in).
 */
export async function insertCustomerUser(
  db: Executor,
  customerId: string,
  input: { email: string; firstName?: string | null; lastName?: string | null },
  field = 'email',
): Promise<{ id: string }> {
  if (await findUserByEmail(db, input.email)) throw new ConflictError(field, TAKEN);
  const [row] = await db
    .insert(users)
    .values({
      email: normalizeEmail(input.email),
      firstName: input.firstName || null,
      lastName: input.lastName || null,
      role: 'customer',
      customerId,
      invitedAt: null,
    })
    .returning({ id: users.id });
  return row!;
}
