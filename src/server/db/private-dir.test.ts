import { chmodSync, mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';
import { operatorSocketPath, serveOperatorSocket } from './operator-socket';
import { ensurePrivateDir } from './private-dir';

const modeOf = (file: string) => statSync(file).mode & 0o777;
const tempDir = () => mkdtempSync(path.join(tmpdir(), 'private-'));

describe('DATA_DIR and the operator socket are owner-only', () => {
  it('creates DATA_DIR (and any missing parent) as 0700', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    expect(ensurePrivateDir(dir)).toEqual({ status: 'private' });
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(path.dirname(dir))).toBe(0o700);
  });

  it('tightens a DATA_DIR that already exists with looser modes, and says so', () => {
    const dir = path.join(tempDir(), 'data');
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    expect(ensurePrivateDir(dir)).toEqual({ status: 'tightened', previousMode: 0o755 });
    expect(modeOf(dir)).toBe(0o700);
    expect(ensurePrivateDir(dir)).toEqual({ status: 'private' });
  });

  it('locks DATA_DIR owner-only too (the operator commands open PGlite through the lock)', () => {
    const dir = path.join(tempDir(), 'data');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    const lock = lockDataDir(dir);
    try {
      expect(modeOf(dir)).toBe(0o700);
    } finally {
      lock.release();
    }
  });

  it('serves the operator socket as 0600', async () => {
    const dir = tempDir();
    const pglite = await PGlite.create();
    const socket = await serveOperatorSocket(pglite, dir);
    try {
      const stat = statSync(operatorSocketPath(dir));
      expect(stat.isSocket()).toBe(true);
      expect(stat.mode & 0o777).toBe(0o600);
    } finally {
      await socket.stop();
      await pglite.close();
    }
  });
});
