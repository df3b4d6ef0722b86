import { StrictMode, Suspense, startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Route, Router, Switch, type AroundNavHandler } from 'wouter';
import { HYDRATING_EVENT, NO_HYDRATION_EVENT } from '../../shared/hydration-events';
import { routeMatches, type Entry, type EntryPath } from '../../shared/routes';
import { endFirstScreen } from '../lib/first-screen';
import { askRelease, isOutdated, reloadForNewRelease } from '../lib/release';
import type { LazyScreen } from './lazy-screen';
import { AppProvider } from './provider';

/** An entry's screens: every path the route table gives this entry, and no other, maps to one (lazy, so each loads when visited). */
export type Screens<E extends Entry> = Record<EntryPath<E>, ComponentType>;

/** An audience entry: its screens, the frame around them (the console's), if any, and its not-found screen. */
export interface EntryScreens<E extends Entry> {
  screens: Screens<E>;
  frame?: (children: ReactNode) => ReactNode;
  /**
   * Shown for any other path. The crew page has none: the server serves it for /crew alone and its
   * links stay there, so its phones do not download a screen they never show.
   */
  notFound?: ComponentType;
}

const loading = <p className="p-8 text-slate-600 dark:text-slate-400">Loading...</p>;

/**
 * Routes one entry's paths to its screens; any other path shows its not-found screen.
 * Paths served by one screen share a key, so moving between them updates the screen
 * in place instead of mounting it again: focus, scroll and state stay.
 */
function EntryRouter({ screens, notFound }: { screens: Record<string, ComponentType>; notFound?: ComponentType | undefined }) {
  const keys = new Map<ComponentType, string>();
  return (
    <Suspense fallback={loading}>
      <FirstScreenShown />
      <Switch>
        {Object.entries(screens).map(([path, Screen]) => {
          if (!keys.has(Screen)) keys.set(Screen, path);
          return <Route key={keys.get(Screen)} path={path} component={Screen} />;
        })}
        {notFound ? <Route component={notFound} /> : null}
      </Switch>
    </Suspense>
  );
}

/**
 * Once the screen itself is on screen, the answers that came with the page are used up. Inside the
 * screens' Suspense boundary: a hydration commits the frame around it first, and the screen later.
 */
function FirstScreenShown() {
  useEffect(endFirstScreen, []);
  return null;
}

/**
 * The screen of a path, loaded before the first render (its code was preloaded with the page).
 * False when its code did not load (the signal went between the page and its scripts).
 */
export async function loadScreenFor(screens: Record<string, ComponentType>, pathname: string): Promise<boolean> {
  const current = Object.entries(screens).find(([path]) => routeMatches(path, pathname))?.[1];
  if (!current || !('load' in current)) return true;
  return (current as LazyScreen).load().then(
    () => true,
    () => false,
  );
}

/**
 * Once the server serves another release than this tab's code (lib/release.ts), moving to another
 * screen loads the page anew: the new release's page, rather than asking for files the upgrade removed.
 */
const loadAnewWhenOutdated: AroundNavHandler = (navigate, to, options) =>
  isOutdated() ? location[options?.replace ? 'replace' : 'assign'](to) : navigate(to, options);

/** An entry's whole tree, the same in the browser and in the server's render of the first screen (decision 010). */
export function EntryApp<E extends Entry>({ entry }: { entry: EntryScreens<E> }) {
  const frame = entry.frame ?? ((children: ReactNode) => children);
  return (
    <StrictMode>
      <Router aroundNav={loadAnewWhenOutdated}>
        <AppProvider>{frame(<EntryRouter screens={entry.screens} notFound={entry.notFound} />)}</AppProvider>
      </Router>
    </StrictMode>
  );
}

/**
 * Starts an audience entry in its HTML shell's #root. A signed-in screen the server rendered
 * (decision 010) is hydrated: React takes over the HTML already on screen without painting it
 * again. An empty #root (a visitor's shell, the crew page kept offline) is rendered
 * as a transition, so React yields to the browser every few milliseconds instead of holding the
 * main thread for the whole first screen (a phone's long task, Lighthouse's TBT).
 */
export function mountEntry<E extends Entry>(entry: EntryScreens<E>) {
  // A tab back from the background may find the server upgraded: its next screen then loads anew.
  document.addEventListener('visibilitychange', () => void (document.visibilityState === 'visible' && askRelease()));
  void loadScreenFor(entry.screens, location.pathname).then((loaded) => {
    const container = document.getElementById('root')!;
    if (container.hasChildNodes()) {
      // Hydrated without its code, the screen would fail and React would take the server's HTML away:
      // the page keeps it, says it has not finished loading, and lets its links work as plain links.
      // An upgrade that removed the screen's code reloads the page once, into the new release.
      if (!loaded) return void reloadForNewRelease().finally(() => document.dispatchEvent(new Event(NO_HYDRATION_EVENT)));
      // As a transition too: React hydrates in slices and yields between them (a plain hydrateRoot is one long task).
      startTransition(() => void hydrateRoot(container, <EntryApp entry={entry} />));
      // A tap kept while the page had no React (shared/early-input-script.ts) is given again now: React hydrates its part at once and handles it.
      document.dispatchEvent(new Event(HYDRATING_EVENT));
      return;
    }
    const root = createRoot(container);
    startTransition(() => root.render(<EntryApp entry={entry} />));
  });
}
