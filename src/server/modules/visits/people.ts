import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { users } from '../../db/schema';
import type { Person } from '../../../shared/api/common';
import { displayName } from '../../../shared/display-name';

/** How a person is named on the console's screens: first and last name, else the e-mail. */
export const personName = displayName;

/** The people with these ids, by id, named for the screens (an id with no user left is absent). */
export async function peopleById(db: Executor, ids: Iterable<string | null | undefined>): Promise<Map<string, Person>> {
  const wanted = [...new Set([...ids].filter((id): id is string => !!id))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, { id: row.id, name: personName(row) }]));
}
