import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, type App } from './app';
import { loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/database';

/** The databases API tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabases: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A fresh, empty database: in-memory PGlite, or a new PostgreSQL database created
 * for this test and dropped by `drop()`.
 */
export async function createTestDatabase(kind: 'pglite' | 'postgres'): Promise<Database & { url?: string; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: null });
    return Object.assign(database, { drop: () => database.close() });
  }
  const empty = await createEmptyPostgresDatabase(process.env.TEST_DATABASE_URL!, 'test');
  const database = await openDatabase({ databaseUrl: empty.url });
  return Object.assign(database, {
    url: empty.url,
    async drop() {
      await database.close().catch(() => {});
      await empty.drop();
    },
  });
}

/** A new, empty (unmigrated) database on the PostgreSQL server at `adminUrl`, and how to drop it. */
export async function createEmptyPostgresDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Config for tests: silent, no client build, and a fresh temporary DATA_DIR (photos land there). */
export function testConfig(overrides: Partial<Config> = {}, env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'test-data-'));
  return { ...loadConfig({ LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent-client-build', DATA_DIR: dataDir, ...env }), ...overrides };
}

export type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/** Empties every table, so tests sharing one database start clean. */
export async function emptyTables(database: Database) {
  await database.db.execute(
    sql`truncate table contact_requests, contact_notes, customers, users, properties, photos, sessions, sign_in_tokens, email_outbox, rate_limit_hits cascade`,
  );
}

/** Builds the app on a given database, silent, with config overrides. */
export async function createTestApp(database: Database, overrides: Partial<Config> = {}, env: Record<string, string> = {}): Promise<App> {
  const app = await buildApp({ config: testConfig(overrides, env), database, logger: false });
  await app.ready();
  return app;
}

export const validContact = {
  name: 'Jane Kowalski',
  email: 'jane@southridgeplaza.com',
  phone: '(414) 555-0199',
  service: 'Parking Lot Cleaning',
  message: 'Our 200-stall lot in Greenfield needs cleaning twice a week.',
  consent: true,
} as const;
