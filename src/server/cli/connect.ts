import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { openDatabase, type Database } from '../db/database';
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

/**
 * The database for an operator command: PostgreSQL when DATABASE_URL is set; the
 * running server's PGlite through its socket; or PGlite opened directly (and locked)
 * when no server is running. On PostgreSQL it migrates as a server would at start
 * (MIGRATE_AT_START), or always with `migrate: true` (the migrate command).
 *
 * Over the socket, commands must not open transactions: PGlite has one session, so
 * the server's own queries would run inside them. The import is written to be
 * idempotent step by step instead.
 */
export async function connectForCommand(config: Config, { migrate = false }: { migrate?: boolean } = {}): Promise<Database> {
  if (config.databaseUrl)
    return openDatabase({ databaseUrl: config.databaseUrl, migrate: migrate || config.migrateAtStart ? true : 'check' });
  if (serverHoldsDataDir(config.dataDir)) {
    if (!existsSync(operatorSocketPath(config.dataDir))) {
      throw new Error(`The server using ${config.dataDir} is starting or is not serving its database socket yet. Try again in a moment.`);
    }
    return openDatabase({ databaseUrl: operatorSocketUrl(config.dataDir), migrate: false });
  }
  return openDatabase({ dataDir: config.dataDir });
}
