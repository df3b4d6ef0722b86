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

const DB_NAME = 'lakeshore-crew';
type StoreName = 'outbox' | 'cache';

/** A request's result, as a promise. */
const result = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

let opening: Promise<IDBDatabase> | undefined;

/**
 * The phone's database: `outbox` (items by their key, with an index on `seq`) and `cache`. Plain
 * IndexedDB in a few lines rather than the idb library (1.3 KB gzip), for the crew page's budget.
 */
function database() {
  opening ??= (() => {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => {
      open.result.createObjectStore('outbox', { keyPath: 'key' }).createIndex('seq', 'seq');
      open.result.createObjectStore('cache');
    };
    return result(open);
  })();
  return opening;
}

/** One request in a transaction of its own, settled once the transaction has committed (a write is then kept). */
async function inStore<T>(name: StoreName, mode: IDBTransactionMode, call: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const transaction = (await database()).transaction(name, mode);
  const committed = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = transaction.onabort = () =>
      reject(transaction.error ?? new DOMException('The phone’s storage refused the change', 'AbortError'));
  });
  const [answer] = await Promise.all([result(call(transaction.objectStore(name))), committed]);
  return answer;
}

const get = (name: StoreName, key: string) => inStore(name, 'readonly', (store) => store.get(key) as IDBRequest<unknown>);
const put = (name: StoreName, value: unknown, key?: string) =>
  inStore(name, 'readwrite', (store) => (key === undefined ? store.put(value) : store.put(value, key)));
const remove = (name: StoreName, key: string) => inStore(name, 'readwrite', (store) => store.delete(key));

/** A key no other phone will choose. */
export const newKey = () => crypto.randomUUID();

/** The queue, oldest first. */
export async function outboxItems(): Promise<OutboxItem[]> {
  return inStore('outbox', 'readonly', (store) => store.index('seq').getAll() as IDBRequest<OutboxItem[]>);
}

/** Saves an item on the phone; it survives a closed tab once this resolves. */
export async function addToOutbox(item: OutboxItem): Promise<void> {
  await put('outbox', item);
}

export async function removeFromOutbox(key: string): Promise<void> {
  await remove('outbox', key);
}

export async function markFailed(key: string, message: string): Promise<void> {
  const item = (await get('outbox', key)) as OutboxItem | undefined;
  if (item) await put('outbox', { ...item, failed: message });
}

interface KeptRoute {
  /** Whose route it is (their user id). */
  userId: string;
  route: CrewRoute;
}

/** The route last read for this crew member; another member's is never shown. */
export async function cachedRoute(userId: string): Promise<CrewRoute | null> {
  const kept = (await get('cache', 'route')) as KeptRoute | undefined;
  return kept?.userId === userId ? kept.route : null;
}

export async function cacheRoute(userId: string, route: CrewRoute): Promise<void> {
  await put('cache', { userId, route } satisfies KeptRoute, 'route');
}

/** Signing out: the next person on this phone sees neither the route nor the name. Unsent items stay. */
export async function forgetSignedIn(): Promise<void> {
  await Promise.all([remove('cache', 'route'), remove('cache', 'user')]);
}

export async function cachedUser(): Promise<AuthResponse | null> {
  return ((await get('cache', 'user')) as AuthResponse | undefined) ?? null;
}

export async function cacheUser(user: AuthResponse | null): Promise<void> {
  if (user) await put('cache', user, 'user');
  else await remove('cache', 'user');
}
