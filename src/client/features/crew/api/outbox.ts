import { ApiError, readableError } from '../../../lib/api-client';
import { addToOutbox, markFailed, newKey, outboxItems, removeFromOutbox, type NewOutboxItem, type OutboxItem } from './offline-store';
import { OfflineError, sendQueuedItem } from './send-queued-item';

/**
 * The phone's outbox: everything the crew does is saved to IndexedDB first, then sent in
 * order, one item at a time, whenever there is signal. A request that gets no answer (or a
 * server fault) waits and is tried again with a growing delay; coming back online tries at
 * once. Each item carries its Idempotency-Key, so sending one twice stores it once.
 *
 * A phone may be shared: the queue sends and shows only the items of the crew member signed
 * in. Another member's items stay on the phone, counted, until that member signs in again.
 */

export interface OutboxState {
  /** False until the queue has been read from the phone's storage. */
  loaded: boolean;
  items: OutboxItem[];
  /** Upload progress of photos being sent, 0 to 1, by key. */
  progress: Record<string, number>;
  /** The last try failed for want of a connection; the queue will try again. */
  waitingForSignal: boolean;
  /** The session ended: the items wait until the crew member signs in again. */
  signedOut: boolean;
  /** Items another crew member saved on this phone, waiting for them to sign in here again. */
  othersWaiting: number;
}

let state: OutboxState = { loaded: false, items: [], progress: {}, waitingForSignal: false, signedOut: false, othersWaiting: 0 };
/** The crew member signed in (their user id): the queue's items are theirs. */
let owner: string | null = null;
const listeners = new Set<() => void>();
const sentListeners = new Set<(sent: Sent | null) => void>();

/** An item the server accepted, with its answer; null once the queue has nothing more to send. */
export interface Sent {
  item: OutboxItem;
  answer: unknown;
}

function update(change: Partial<OutboxState>) {
  state = { ...state, ...change };
  listeners.forEach((listener) => listener());
}

export const outboxState = () => state;
export function subscribeOutbox(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
/**
 * Called with each item the server accepts (the screen lays it over what it last read), and
 * with null when the queue has sent what it could (the screen reads the server's state again).
 */
export function onOutboxSent(listener: (sent: Sent | null) => void) {
  sentListeners.add(listener);
  return () => void sentListeners.delete(listener);
}

const RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 20_000, 40_000, 60_000];
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let draining = false;

/**
 * How long to wait before the next try: a growing delay, with a little jitter so a crew's phones
 * do not all retry at the same instant, and never sooner than a busy server asked (Retry-After).
 */
export function retryDelayMs(attempt: number, retryAfterSeconds: number | null, jitter = 0.8 + Math.random() * 0.4): number {
  const backoff = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]! * jitter;
  return Math.max(backoff, (retryAfterSeconds ?? 0) * 1000);
}

function retryLater(error?: unknown) {
  clearTimeout(retryTimer);
  const delay = retryDelayMs(attempt, error instanceof ApiError ? error.retryAfterSeconds : null);
  attempt += 1;
  retryTimer = setTimeout(() => void drain(), delay);
}

/** A failure that waiting fixes: no answer, a server fault, a timeout or a rate limit. */
const isTransient = (error: unknown) =>
  error instanceof OfflineError || (error instanceof ApiError && (error.status >= 500 || error.status === 408 || error.status === 429));

function withoutKey(progress: Record<string, number>, key: string) {
  const rest = { ...progress };
  delete rest[key];
  return rest;
}

async function drain(): Promise<void> {
  if (draining || !state.loaded) return;
  draining = true;
  /** Something the server answered for good (taken or refused): the route is read again after. */
  let sentAny = false;
  try {
    for (;;) {
      const next = state.items.find((item) => item.madeBy === owner && !item.failed && !settled.has(item.key));
      // The queue keeps its order: an item still being written holds back the ones after it.
      if (!next || unsaved.has(next.key)) break;
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        update({ waitingForSignal: true });
        retryLater();
        break;
      }
      try {
        const answer = await sendQueuedItem(next, (fraction) => update({ progress: { ...state.progress, [next.key]: fraction } }));
        await removeFromOutbox(next.key);
        // The screen first shows the item as sent (the route's data, patched), and only then stops
        // showing it as waiting: the other order would flash the visit back to "not started".
        sentListeners.forEach((listener) => listener({ item: next, answer }));
        settled.add(next.key);
        update({ progress: withoutKey(state.progress, next.key), waitingForSignal: false, signedOut: false });
        setTimeout(() => {
          settled.delete(next.key);
          update({ items: state.items.filter((item) => item.key !== next.key) });
        }, 0);
        attempt = 0;
        sentAny = true;
      } catch (error) {
        update({ progress: withoutKey(state.progress, next.key) });
        if (isTransient(error)) {
          update({ waitingForSignal: true });
          retryLater(error);
          break;
        }
        if (error instanceof ApiError && error.status === 401) {
          update({ signedOut: true });
          break;
        }
        // The server refused it for good (the visit was skipped, say): keep it visible with the reason, and go on.
        const message = readableError(error as Error);
        await markFailed(next.key, message);
        sentAny = true;
        update({ items: state.items.map((item) => (item.key === next.key ? { ...item, failed: message } : item)) });
      }
    }
  } finally {
    draining = false;
  }
  if (sentAny) sentListeners.forEach((listener) => listener(null));
  // Something saved while the last item was in flight, after the loop looked: send it too.
  const next = state.items.find((item) => item.madeBy === owner && !item.failed && !settled.has(item.key));
  if (!state.waitingForSignal && !state.signedOut && next && !unsaved.has(next.key)) void drain();
}

let lastSeq = 0;
/** Items shown on the screen but not yet written to the phone's storage: not sent until they are. */
const unsaved = new Set<string>();
/** Items the server has accepted, still shown as waiting until the screen shows them as sent. */
const settled = new Set<string>();

/**
 * Saves an action or photo on the phone, then sends the queue. The screen shows it at once;
 * the promise resolves once it is in the phone's storage.
 */
export async function enqueue(item: NewOutboxItem): Promise<OutboxItem> {
  if (!owner || !loading) throw new Error('The outbox is started for the signed-in crew member before anything is saved.');
  // The queue left on the phone is read first, so the new item is numbered after it.
  await loading;
  const saved = { ...item, key: item.key ?? newKey(), madeBy: owner, seq: ++lastSeq } as OutboxItem;
  unsaved.add(saved.key);
  update({ items: [...state.items, saved] });
  try {
    await addToOutbox(saved);
  } finally {
    unsaved.delete(saved.key);
  }
  void drain();
  return saved;
}

/** Forgets an item the server refused for good, once the crew has read why. */
export async function dismissFailed(key: string): Promise<void> {
  await removeFromOutbox(key);
  update({ items: state.items.filter((item) => item.key !== key) });
}

let listening = false;
/** Reading the queue left on the phone for the member signed in. */
let loading: Promise<void> | undefined;

/**
 * Reads the queue left on the phone (a closed tab, a reload) for the crew member signed in,
 * and starts sending their items; again on every return of signal.
 */
export function startOutbox(userId: string): Promise<void> {
  if (owner === userId && loading) return loading;
  owner = userId;
  // Nothing of another member's stays in view, or is sent, while the phone's queue is read.
  update({ items: state.items.filter((item) => item.madeBy === userId), othersWaiting: 0, loaded: false });
  if (!listening) {
    listening = true;
    window.addEventListener('online', () => {
      attempt = 0;
      clearTimeout(retryTimer);
      void drain();
    });
  }
  loading = (async () => {
    const stored = await outboxItems();
    lastSeq = Math.max(lastSeq, ...stored.map((item) => item.seq));
    // An item saved before items named their maker is the first signed-in member's: it is stamped as theirs.
    const unnamed = stored.filter((item) => !(item as Partial<OutboxItem>).madeBy);
    await Promise.all(unnamed.map((item) => addToOutbox({ ...item, madeBy: userId })));
    const mine = stored
      .map((item) => (unnamed.includes(item) ? { ...item, madeBy: userId } : item))
      .filter((item) => item.madeBy === userId);
    if (owner !== userId) return;
    update({
      items: [...mine, ...state.items.filter((item) => item.madeBy === userId && !mine.some((saved) => saved.key === item.key))],
      othersWaiting: stored.length - mine.length,
      loaded: true,
    });
    void drain();
  })();
  return loading;
}

/** Sends the queue now (after signing in again, or when the crew taps "Send now"). */
export function sendNow() {
  attempt = 0;
  clearTimeout(retryTimer);
  void drain();
}
