import { THEME_STORAGE_KEY, type Theme } from '../../shared/constants';

const listeners = new Set<() => void>();

/** For useSyncExternalStore: notified whenever applyTheme changes the theme. */
export function subscribeTheme(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/** Applies a theme to <html> and remembers it under localStorage "theme". */
export function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(theme);
  root.style.colorScheme = theme;
  for (const listener of listeners) listener();
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be disabled (private modes); the theme still applies for this page.
  }
}
