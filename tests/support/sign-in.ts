import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { App } from '../../src/server/app';
import { createSession } from '../../src/server/modules/accounts/sessions';
import { customers, users } from '../../src/server/db/schema';
import type { SecondFactor } from '../../src/shared/passkeys';
import type { Role } from '../../src/shared/policy';

/**
 * A session cookie for a user, made directly (the sign-in flow has its own tests). It counts as
 * confirmed with a passkey, as owners' and office staff's must be; `secondFactor: null` makes
 * the session an e-mail link alone opens, for the tests of the passkey step.
 */
export async function sessionCookie(app: App, email: string, options: { secondFactor?: SecondFactor | null } = {}): Promise<string> {
  const [user] = await app.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  const session = await createSession(app.db, user.id, {
    secondFactor: options.secondFactor === undefined ? 'passkey' : options.secondFactor,
  });
  return `${app.sessionCookieName}=${session.id}`;
}

/**
 * Signs in a new user of any role, made for the test (a customer's user gets a company of
 * its own): its e-mail and its Cookie header.
 */
export async function signInAs(app: App, role: Role): Promise<{ email: string; userId: string; cookie: string }> {
  const tag = randomUUID().slice(0, 8);
  const email = `${role}-${tag}@example.com`;
  const customerId =
    role === 'customer'
      ? (
          await app.db
            .insert(customers)
            .values({ name: `Test Company ${tag}`, email: `office-${tag}@example.com` })
            .returning()
        )[0]!.id
      : null;
  const [user] = await app.db.insert(users).values({ email, role, customerId }).returning({ id: users.id });
  return { email, userId: user!.id, cookie: await sessionCookie(app, email) };
}
