import { LogOut, Moon, Sun } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { companyName } from '../../../../shared/company-name';
import { BrandMark } from '../../../components/ui/brand-mark';
import { applyTheme, currentTheme, subscribeTheme } from '../../../lib/theme';
import { forgetSignedIn } from '../api/offline-store';

/** Crews share phones: the next person on this one sees neither this route nor this name. Unsent work stays, for its maker's next sign-in. */
function logOut(event: React.MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  const href = event.currentTarget.href;
  void forgetSignedIn()
    .catch(() => undefined)
    .finally(() => window.location.assign(href));
}

const target =
  'inline-flex min-h-12 min-w-12 items-center justify-center gap-1.5 rounded-lg px-2 font-semibold text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800';

/**
 * The crew page's header: the brand, the theme (dark for dawn starts, light for sunlight) and
 * Log Out, each a target a gloved thumb can hit (48 px).
 */
export function CrewHeader({ signedIn }: { signedIn: boolean }) {
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, () => 'light' as const);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <header className="border-b border-slate-300 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex h-16 max-w-xl items-center justify-between gap-2 px-4">
        <a href="/" className="flex min-h-12 items-center gap-2 rounded-lg" aria-label={`${companyName} home page`}>
          <BrandMark className="size-9" />
          <span className="text-base font-bold text-slate-950 dark:text-white">Crew</span>
        </a>
        <div className="flex items-center gap-1">
          <button type="button" onClick={() => applyTheme(next)} aria-label={`Switch to ${next} theme`} className={target}>
            {theme === 'dark' ? <Sun className="size-6" aria-hidden="true" /> : <Moon className="size-6" aria-hidden="true" />}
          </button>
          {signedIn ? (
            <a href="/api/logout" onClick={logOut} className={target}>
              <LogOut className="size-5" aria-hidden="true" />
              Log Out
            </a>
          ) : null}
        </div>
      </div>
    </header>
  );
}
