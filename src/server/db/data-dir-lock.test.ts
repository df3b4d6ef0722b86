import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'lock-'));

describe('lockDataDir', () => {
  it('refuses a second holder while the first is alive, naming it', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    lock.update({ url: 'http://127.0.0.1:3000' });
    // Pretend another live process holds it: our parent is alive and is not us.
    writeFileSync(lock.file, JSON.stringify({ pid: process.ppid, startedAt: '2026-11-21T08:00:00.000Z', url: 'http://127.0.0.1:3000' }));
    let error: unknown;
    try {
      lockDataDir(dir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(`pid ${process.ppid}`);
    expect((error as Error).message).toContain('http://127.0.0.1:3000');
    expect((error as Error).message).toContain('DATABASE_URL');
  });

  it('takes over a lock left by a process that died', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', '0']);
    const deadPid = child.pid!;
    await new Promise((resolve) => child.on('exit', resolve));
    writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: deadPid, startedAt: new Date().toISOString() }));
    const lock = lockDataDir(dir);
    expect(existsSync(lock.file)).toBe(true);
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
  });
});
