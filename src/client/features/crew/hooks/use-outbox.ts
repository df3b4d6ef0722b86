import { useSyncExternalStore } from 'react';
import { outboxState, subscribeOutbox, type OutboxState } from '../api/outbox';

/** The phone's outbox as it changes: what waits, what is uploading and how far, and what was refused. */
export const useOutbox = (): OutboxState => useSyncExternalStore(subscribeOutbox, outboxState, outboxState);
