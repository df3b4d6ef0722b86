import { eq } from 'drizzle-orm';
import type { App } from '../../src/server/app';
import { createSession, SESSION_COOKIE } from '../../src/server/modules/accounts/sessions';
import { users } from '../../src/server/db/schema';

/** A session cookie for a user, made directly (the sign-in flow has its own tests). */
export async function sessionCookie(app: App, email: string): Promise<string> {
  const [user] = await app.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  const session = await createSession(app.db, user.id);
  return `${SESSION_COOKIE}=${session.id}`;
}
