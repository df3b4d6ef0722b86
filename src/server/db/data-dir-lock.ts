import { openSync, readFileSync, rmSync, writeFileSync, closeSync } from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir } from './private-dir';

/**
 * PGlite must never be opened by two processes at once: that corrupts it.
 * The server holds DATA_DIR with a lock file naming its pid. A second process
 * gets a clear error naming the running server; a lock left by a process that
 * died (kill -9, power loss) is taken over, because its pid is gone.
 */
export interface LockInfo {
  pid: number;
  startedAt: string;
  url?: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `The data directory ${dataDir} is in use by another server (pid ${holder.pid}` +
        (holder.url ? `, listening on ${holder.url}` : '') +
        `, started ${holder.startedAt}). The embedded database allows one process at a time: ` +
        'stop that server first, or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockInfo>;
    return typeof info.pid === 'number' ? (info as LockInfo) : null;
  } catch {
    return null;
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Records where the server listens, so a second process can name it. */
  update(extra: Partial<LockInfo>): void;
  release(): void;
}

export function lockDataDir(dataDir: string): DataDirLock {
  ensurePrivateDir(dataDir);
  const file = path.join(dataDir, 'server.lock');
  let info: LockInfo = { pid: process.pid, startedAt: new Date().toISOString() };

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeFileSync(fd, JSON.stringify(info));
      closeSync(fd);
      let released = false;
      return {
        file,
        update(extra) {
          info = { ...info, ...extra };
          writeFileSync(file, JSON.stringify(info));
        },
        release() {
          if (released) return;
          released = true;
          if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(file);
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) throw new DataDirLockedError(dataDir, holder);
      // The holder is gone (or the file is unreadable): the lock is stale.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}
