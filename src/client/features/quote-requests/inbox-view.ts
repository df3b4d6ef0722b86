import { useState } from 'react';

/** How the inbox lists requests: full cards, or one compact row each. Remembered in this browser. */
export type InboxView = 'cards' | 'compact';

export const INBOX_VIEW_STORAGE_KEY = 'inbox-view';

function storedView(): InboxView {
  try {
    return localStorage.getItem(INBOX_VIEW_STORAGE_KEY) === 'compact' ? 'compact' : 'cards';
  } catch {
    return 'cards';
  }
}

export function useInboxView(): [InboxView, (view: InboxView) => void] {
  const [view, setView] = useState(storedView);
  const choose = (next: InboxView) => {
    setView(next);
    try {
      localStorage.setItem(INBOX_VIEW_STORAGE_KEY, next);
    } catch {
      // Storage disabled: the choice lasts as long as the page.
    }
  };
  return [view, choose];
}
