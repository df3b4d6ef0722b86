import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { AuthResponse } from '../../../api/get-auth-user';
import type { CrewPhotoKind, CrewRoute, PositionError, SiteIssueInput } from '../../../../shared/api/crew';

/**
 * What the phone keeps in IndexedDB, so a closed tab or a lost signal loses nothing:
 * - `outbox`: every action and photo not yet accepted by the server, in the order it was
 *   made, each with the Idempotency-Key chosen here and the time it happened;
 * - `cache`: the last route and signed-in user the server sent, for a reload without signal.
 *
 * Crews share phones: each item carries the crew member who made it and is sent only under
 * their own session, and the kept route is shown only to the member it belongs to. Log Out
 * forgets the kept route and user; the member's unsent items stay until they sign in again.
 */

interface Base {
  /** The Idempotency-Key: the server applies the item once, however often it is sent. */
  key: string;
  /** The crew member who made it (their user id); only their session sends it. */
  madeBy: string;
  /** The order items are sent in (the order they were made). */
  seq: number;
  visitId: string;
  /** When it happened on the phone (ISO 8601). */
  at: string;
  /** A refusal from the server that retrying will not fix; the item stays so the crew can see it. */
  failed?: string;
}

export type OutboxItem = Base &
  (
    | { type: 'start'; position: { lat: number; lng: number; accuracy: number } | null; positionError?: PositionError }
    | { type: 'checklist'; position: number; done: boolean }
    | { type: 'issue'; issue: Omit<SiteIssueInput, 'at'> }
    | { type: 'photo'; kind: CrewPhotoKind; issueKey?: string; file: Blob; name: string }
    | { type: 'complete'; note: string }
  );

/** What an item is before it has a place in the queue. */
export type NewOutboxItem = OutboxItem extends infer Item
  ? Item extends OutboxItem
    ? Omit<Item, 'seq' | 'key' | 'madeBy'> & { key?: string }
    : never
  : never;

interface CrewDb extends DBSchema {
  outbox: { key: string; value: OutboxItem; indexes: { seq: number } };
  cache: { key: string; value: unknown };
}

const DB_NAME = 'lakeshore-crew';
let opening: Promise<IDBPDatabase<CrewDb>> | undefined;

function database() {
  opening ??= openDB<CrewDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('outbox', { keyPath: 'key' }).createIndex('seq', 'seq');
      db.createObjectStore('cache');
    },
  });
  return opening;
}

/** A key no other phone will choose. */
export const newKey = () => crypto.randomUUID();

/** The queue, oldest first. */
export async function outboxItems(): Promise<OutboxItem[]> {
  return (await database()).getAllFromIndex('outbox', 'seq');
}

/** Saves an item on the phone; it survives a closed tab once this resolves. */
export async function addToOutbox(item: OutboxItem): Promise<void> {
  await (await database()).put('outbox', item);
}

export async function removeFromOutbox(key: string): Promise<void> {
  await (await database()).delete('outbox', key);
}

export async function markFailed(key: string, message: string): Promise<void> {
  const db = await database();
  const item = await db.get('outbox', key);
  if (item) await db.put('outbox', { ...item, failed: message });
}

interface KeptRoute {
  /** Whose route it is (their user id). */
  userId: string;
  route: CrewRoute;
}

/** The route last read for this crew member; another member's is never shown. */
export async function cachedRoute(userId: string): Promise<CrewRoute | null> {
  const kept = (await (await database()).get('cache', 'route')) as KeptRoute | undefined;
  return kept?.userId === userId ? kept.route : null;
}

export async function cacheRoute(userId: string, route: CrewRoute): Promise<void> {
  await (await database()).put('cache', { userId, route } satisfies KeptRoute, 'route');
}

/** Signing out: the next person on this phone sees neither the route nor the name. Unsent items stay. */
export async function forgetSignedIn(): Promise<void> {
  const db = await database();
  await Promise.all([db.delete('cache', 'route'), db.delete('cache', 'user')]);
}

export async function cachedUser(): Promise<AuthResponse | null> {
  return ((await (await database()).get('cache', 'user')) as AuthResponse | undefined) ?? null;
}

export async function cacheUser(user: AuthResponse | null): Promise<void> {
  const db = await database();
  if (user) await db.put('cache', user, 'user');
  else await db.delete('cache', 'user');
}
