import { chmodSync, mkdirSync, statSync } from 'node:fs';

/** Owner-only: DATA_DIR holds the embedded database, the photos and the operator socket. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_SOCKET_MODE = 0o600;

export type PrivateDirResult =
  | { status: 'private' }
  /** It existed with looser permissions (`previousMode`) and is now owner-only. */
  | { status: 'tightened'; previousMode: number }
  /** It is looser than owner-only and could not be changed (another user owns it). */
  | { status: 'loose'; mode: number };

/**
 * Creates `dir` owner-only (0700), or tightens an existing one that others could read or enter:
 * whoever can reach DATA_DIR can read the database files and connect to the operator socket.
 */
export function ensurePrivateDir(dir: string): PrivateDirResult {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const mode = statSync(dir).mode & 0o777;
  if ((mode & 0o077) === 0) return { status: 'private' };
  try {
    chmodSync(dir, PRIVATE_DIR_MODE);
    return { status: 'tightened', previousMode: mode };
  } catch {
    return { status: 'loose', mode };
  }
}

export const octal = (mode: number) => `0${mode.toString(8)}`;
