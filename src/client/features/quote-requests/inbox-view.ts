import { useSyncExternalStore } from 'react';

/** How the inbox lists requests: full cards, or one compact row each. Remembered in this browser. */
export type InboxView = 'cards' | 'compact';

export const INBOX_VIEW_STORAGE_KEY = 'inbox-view';

const listeners = new Set<() => void>();
let chosen: InboxView | null = null;

function storedView(): InboxView {
  if (chosen) return chosen;
  try {
    return localStorage.getItem(INBOX_VIEW_STORAGE_KEY) === 'compact' ? 'compact' : 'cards';
  } catch {
    return 'cards';
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * The view this browser keeps. The server renders the inbox as cards (it cannot read this
 * browser's choice), so a hydrated inbox starts as cards and then shows the kept view.
 */
export function useInboxView(): [InboxView, (view: InboxView) => void] {
  const view = useSyncExternalStore(subscribe, storedView, () => 'cards' as const);
  const choose = (next: InboxView) => {
    chosen = next;
    try {
      localStorage.setItem(INBOX_VIEW_STORAGE_KEY, next);
    } catch {
      // Storage disabled: the choice lasts as long as the page.
    }
    listeners.forEach((listener) => listener());
  };
  return [view, choose];
}
