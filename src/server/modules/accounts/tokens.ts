import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: for session ids and sign-in links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of a token: its SHA-256. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
