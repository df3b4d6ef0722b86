import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '../../../shared/passkeys';
import { inTransaction, type Executor } from '../../db/executor';
import { recoveryCodes } from '../../db/schema';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number, options: { N: number }) => Promise<Buffer>;

/**
 * One-time recovery codes (ASVS 6.5.1, 6.5.2): for a staff member whose passkey is lost, used
 * after an e-mail link in place of the passkey. Ten per set, each 10 characters from a
 * 31-letter alphabet without look-alikes (about 49 bits), shown once and stored only as scrypt hashes
 * with the set's random salt; the routes that take one are rate limited.
 */
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz'; // no 0/o, 1/l/i: read off paper without doubt
const CODE_LENGTH = 10;
const KEY_LENGTH = 32;
/** scrypt's cost: about 20 ms a code here, once per attempt whatever the set's size (one salt per set). */
const COST = 2 ** 14;

/** "abcde-fghjk": two groups of five, easy to read and to type. */
function newCode(): string {
  const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** What was typed, as it is hashed: lower case, no spaces or dashes. */
export const normalizeRecoveryCode = (typed: string) => typed.toLowerCase().replace(/[\s-]/g, '');

const hashCode = async (code: string, salt: Buffer) => scryptAsync(normalizeRecoveryCode(code), salt, KEY_LENGTH, { N: COST });

/** Makes a new set of codes for the user, replacing any earlier set, and returns them: the only time they are seen. */
export async function createRecoveryCodes(db: Executor, userId: string): Promise<string[]> {
  const salt = randomBytes(16);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const hashes = await Promise.all(codes.map((code) => hashCode(code, salt)));
  await inTransaction(db, async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(hashes.map((hash) => ({ userId, salt: salt.toString('base64'), codeHash: hash.toString('base64') })));
  });
  return codes;
}

export async function countRecoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/**
 * Uses one of the user's codes: true once for each unused code. Marking it used is one
 * conditional update, so two requests racing with the same code cannot both succeed.
 */
export async function useRecoveryCode(db: Executor, userId: string, typed: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(typed);
  if (normalized.length !== CODE_LENGTH) return false;
  const unused = await db
    .select({ id: recoveryCodes.id, salt: recoveryCodes.salt, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  const hashes = new Map<string, Buffer>();
  let match: string | null = null;
  for (const row of unused) {
    let hash = hashes.get(row.salt);
    if (!hash) hashes.set(row.salt, (hash = await hashCode(normalized, Buffer.from(row.salt, 'base64'))));
    if (timingSafeEqual(hash, Buffer.from(row.codeHash, 'base64'))) match = row.id;
  }
  if (!match) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.id, match), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}
