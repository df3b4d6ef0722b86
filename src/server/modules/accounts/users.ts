import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { users } from '../../db/schema';

/** An e-mail address as stored and compared: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The user who signs in with this address, whatever its case, or null. */
export async function findUserByEmail(db: Executor, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return user ?? null;
}
