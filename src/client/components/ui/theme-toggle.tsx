import { Moon, Sun } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import type { Theme } from '../../../shared/constants';
import { applyTheme, currentTheme, subscribeTheme } from '../../lib/theme';

export function ThemeToggle() {
  // The server render cannot know the stored theme (null); the label settles after hydration.
  const theme = useSyncExternalStore<Theme | null>(subscribeTheme, currentTheme, () => null);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  const label = theme ? `Switch to ${next} theme` : 'Switch theme';

  return (
    <button
      type="button"
      aria-label={label}
      onClick={() => {
        applyTheme(currentTheme() === 'dark' ? 'light' : 'dark');
      }}
      className="inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
    >
      <Sun className="hidden size-5 dark:block" aria-hidden="true" />
      <Moon className="size-5 dark:hidden" aria-hidden="true" />
    </button>
  );
}
