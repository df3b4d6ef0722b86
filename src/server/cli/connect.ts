import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { openDatabase, pgliteDir, type Database } from '../db/database';
import { operatorSocketPath, operatorSocketUrl } from '../db/operator-socket';

function serverHoldsDataDir(dataDir: string): boolean {
  const lockFile = path.join(dataDir, 'server.lock');
  if (!existsSync(lockFile)) return false;
  try {
    const { pid } = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number };
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A PostgreSQL URL without its password: host, port and database. */
function describePostgres(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    const host = url.searchParams.get('host') ?? (url.hostname || 'localhost');
    return `the PostgreSQL database "${decodeURIComponent(url.pathname.slice(1)) || '(default)'}" on ${host}${url.port ? `:${url.port}` : ''} (DATABASE_URL)`;
  } catch {
    return 'the PostgreSQL database of DATABASE_URL';
  }
}

/** Whether an app server (or a command allowed to create one) has ever set this database up. */
async function postgresIsSetUp(databaseUrl: string): Promise<boolean> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: 5000 });
  try {
    const { rows } = await pool.query<{ table: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as table`);
    return rows[0]?.table != null;
  } finally {
    await pool.end().catch(() => {});
  }
}

export const MATCH_THE_SERVER =
  "DATA_DIR or DATABASE_URL must be the server's: the commands use the database the server uses only when they are " +
  'given the same settings (DATA_DIR defaults to ./data in the folder the command runs from).';

/** A command refused because the database it was pointed at does not exist: it would have made a new, empty one. */
export class NoDatabaseError extends Error {}

export interface CommandDatabase {
  database: Database;
  /** Where the command looked, in words, for its messages. */
  where: string;
  /** This command made a new database (only those allowed to: `mayCreate`). */
  created: boolean;
}

/**
 * The database for an operator command: PostgreSQL when DATABASE_URL is set; the
 * running server's PGlite through its socket; or PGlite opened directly (and locked)
 * when no server is running. On PostgreSQL it migrates as a server would at start
 * (MIGRATE_AT_START), or always with `migrate: true` (the migrate command).
 *
 * A command never makes a new database unless `mayCreate` says it is its job (setting up
 * a fresh install): otherwise one run without the server's DATA_DIR or DATABASE_URL would
 * quietly create an empty database and report that nothing is there.
 *
 * Over the socket, commands must not open transactions: PGlite has one session, so
 * the server's own queries would run inside them. The import is written to be
 * idempotent step by step instead.
 */
export async function connectForCommand(
  config: Config,
  command: string,
  { migrate = false, mayCreate = false }: { migrate?: boolean; mayCreate?: boolean } = {},
): Promise<CommandDatabase> {
  const refuse = (where: string, what: string) =>
    new NoDatabaseError(
      `${command} found no database to use: ${where} ${what}. It makes none, so as not to work on an empty database the server ` +
        `does not use. ${MATCH_THE_SERVER} Nothing was changed.`,
    );
  if (config.databaseUrl) {
    const where = describePostgres(config.databaseUrl);
    const setUp = await postgresIsSetUp(config.databaseUrl);
    if (!setUp && !mayCreate)
      throw refuse(where, "has none of the app's tables (no server has started on it, and `npm run admin -- migrate` has not run)");
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      migrate: migrate || config.migrateAtStart ? true : 'check',
    });
    return { database, where, created: !setUp };
  }
  if (serverHoldsDataDir(config.dataDir)) {
    if (!existsSync(operatorSocketPath(config.dataDir))) {
      throw new Error(`The server using ${config.dataDir} is starting or is not serving its database socket yet. Try again in a moment.`);
    }
    const database = await openDatabase({ databaseUrl: operatorSocketUrl(config.dataDir), migrate: false });
    return { database, where: `the running server's embedded database (PGlite) in ${config.dataDir} (DATA_DIR)`, created: false };
  }
  const where = `the embedded database (PGlite) in ${config.dataDir} (DATA_DIR)`;
  const exists = existsSync(path.join(pgliteDir(config.dataDir), 'PG_VERSION'));
  if (!exists && !mayCreate) throw refuse(where, 'does not exist (no server has run with that folder)');
  return { database: await openDatabase({ dataDir: config.dataDir }), where, created: !exists };
}
