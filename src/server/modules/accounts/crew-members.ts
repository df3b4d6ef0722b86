import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { users } from '../../db/schema';

const crewColumns = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName };

/** The company's crew members (role crew), by first name. */
export async function listCrewMembers(db: Executor) {
  return db
    .select(crewColumns)
    .from(users)
    .where(eq(users.role, 'crew'))
    .orderBy(asc(sql`lower(coalesce(${users.firstName}, ${users.email}))`), asc(users.email));
}

/** Which of these user ids are not crew members (unknown, or another role): work can be assigned only to crew. */
export async function idsThatAreNotCrew(db: Executor, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.role, 'crew')));
  const crew = new Set(found.map((row) => row.id));
  return ids.filter((id) => !crew.has(id));
}
