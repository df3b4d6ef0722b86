import { sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database';
import { createEmptyPostgresDatabase } from '../../scripts/lib/postgres-database';

/** The databases the API tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabases: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
export type DatabaseKind = (typeof testDatabases)[number];

let snapshot: Promise<Blob> | undefined;
/** The migrated PGlite data directory the global setup dumped (tests/support/database-templates.ts), read once per test file. */
const pgliteSnapshot = () => (snapshot ??= readFile(inject('pgliteSnapshot')).then((bytes) => new Blob([bytes])));

/**
 * A fresh, migrated database with no rows: in-memory PGlite, or a new PostgreSQL database created
 * for this test and dropped by `drop()`. Both are copies of what the global setup migrated once.
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<Database & { url?: string; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: null, snapshot: await pgliteSnapshot() });
    return Object.assign(database, { drop: () => database.close() });
  }
  const empty = await createEmptyPostgresDatabase(process.env.TEST_DATABASE_URL!, 'test', inject('postgresTemplate') || undefined);
  const database = await openDatabase({ databaseUrl: empty.url });
  return Object.assign(database, {
    url: empty.url,
    async drop() {
      await database.close().catch(() => {});
      await empty.drop();
    },
  });
}

export type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/**
 * A DATA_DIR whose embedded database exists and is migrated, as a first server start (or `migrate`)
 * leaves it: the global setup's migrated data directory, written to disk. For tests of the operator
 * commands and of servers started on a DATA_DIR.
 */
export async function createTestDataDir(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir, snapshot: await pgliteSnapshot() });
  await database.close();
}

/** Empties every table, so tests sharing one database start clean. */
export async function emptyTables(database: Database) {
  await database.db.execute(
    sql`truncate table quote_requests, quote_request_notes, customers, users, properties, photos, sessions, sign_in_tokens, email_outbox, rate_limit_hits, service_plans, visits, visit_checklist_items, site_issues, visit_events, crew_actions, email_attachments, report_digests, service_requests, audit_events, document_numbers, billing_runs cascade`,
  );
}

/** A fresh database for the calling suite: made before its first test, dropped after its last. */
export function testDatabaseFor(kind: DatabaseKind): { readonly database: TestDatabase } {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });
  return {
    get database() {
      if (!database) throw new Error('the test database is made in beforeAll');
      return database;
    },
  };
}
