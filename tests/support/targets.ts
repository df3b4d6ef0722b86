import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, inArray } from 'drizzle-orm';
import { createSession } from '../../src/server/modules/accounts/sessions';
import { openDatabase, type DatabaseOptions } from '../../src/server/db/database';
import { quoteRequests, users } from '../../src/server/db/schema';
import { createTestDatabase, createTestDataDir } from '#test/database';

/** A database for a server process: a fresh DATA_DIR (PGlite), or a fresh PostgreSQL database. */
export interface Target {
  name: string;
  env(): Promise<{ env: Record<string, string>; options: DatabaseOptions; cleanup(): Promise<void> }>;
}

export const targets: Target[] = [
  {
    name: 'PGlite',
    async env() {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'durability-'));
      // Migrated already, as a server's first start leaves it: each server start then opens it in about a second.
      await createTestDataDir(dataDir);
      return { env: { DATA_DIR: dataDir }, options: { dataDir }, cleanup: async () => {} };
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  targets.push({
    name: 'PostgreSQL',
    async env() {
      const database = await createTestDatabase('postgres');
      await database.close();
      return { env: { DATABASE_URL: database.url! }, options: { databaseUrl: database.url! }, cleanup: () => database.drop() };
    },
  });
}

/** Runs something against the database while no server holds it (PGlite allows one process). */
export async function withDatabase<T>(options: DatabaseOptions, work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  const database = await openDatabase(options);
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** Which of these quote request ids are stored, each once. */
export async function storedIds(options: DatabaseOptions, ids: string[]): Promise<string[]> {
  return withDatabase(options, async (db) => {
    const found: string[] = [];
    for (let i = 0; i < ids.length; i += 1000) {
      const rows = await db
        .select({ id: quoteRequests.id })
        .from(quoteRequests)
        .where(inArray(quoteRequests.id, ids.slice(i, i + 1000)));
      found.push(...rows.map((row) => row.id));
    }
    return found;
  });
}

/** How many quote requests are stored in all. */
export async function storedCount(options: DatabaseOptions): Promise<number> {
  return withDatabase(options, async (db) => (await db.select({ n: count() }).from(quoteRequests))[0]!.n);
}

/** A staff user and a session cookie for them, made before the server starts. */
export async function staffCookie(options: DatabaseOptions): Promise<string> {
  return withDatabase(options, async (db) => {
    const [staff] = await db
      .insert(users)
      .values({ email: 'crew@lakeshorelotcare.com', firstName: 'Sam', lastName: 'Staff', role: 'owner' })
      .returning();
    const session = await createSession(db, staff!.id, { secondFactor: 'passkey' });
    return `session=${session.id}`;
  });
}
