import { StrictMode, Suspense, lazy, startTransition, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Switch } from 'wouter';
import { routeMatches, type Entry, type EntryPath } from '../../shared/routes';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { AppProvider } from './provider';

/** An entry's screens: every path the route table gives this entry, and no other, maps to one (lazy, so each loads when visited). */
export type Screens<E extends Entry> = Record<EntryPath<E>, ComponentType>;

const loading = <p className="p-8 text-slate-600 dark:text-slate-400">Loading...</p>;

/**
 * Routes one entry's paths to its screens; any other path shows the not-found screen.
 * Paths served by one screen share a key, so moving between them updates the screen
 * in place instead of mounting it again: focus, scroll and state stay.
 */
function EntryRouter({ screens }: { screens: Record<string, ComponentType> }) {
  const keys = new Map<ComponentType, string>();
  return (
    <Suspense fallback={loading}>
      <Switch>
        {Object.entries(screens).map(([path, Screen]) => {
          if (!keys.has(Screen)) keys.set(Screen, path);
          return <Route key={keys.get(Screen)} path={path} component={Screen} />;
        })}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

/** A screen whose code loads when it is first shown, or earlier with `load()`. */
type LazyScreen = ComponentType & { load(): Promise<unknown> };

/**
 * A screen loaded on demand, like React's `lazy`, that can also be loaded before the first render:
 * once its code is there, it renders at once, with no "Loading..." in between (decision 010).
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const loadOnce = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(loadOnce);
  const Screen = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  return Object.assign(Screen, { load: loadOnce });
}

/** The screen of the page's own path, loaded before the first render (its code was preloaded with the page). */
async function loadCurrentScreen(screens: Record<string, ComponentType>) {
  const current = Object.entries(screens).find(([path]) => routeMatches(path, location.pathname))?.[1];
  if (current && 'load' in current) await (current as LazyScreen).load().catch(() => undefined);
}

/** Starts an audience entry in its HTML shell's #root, optionally inside a frame (the console's). */
export function mountEntry<E extends Entry>(screens: Screens<E>, frame: (children: ReactNode) => ReactNode = (children) => children) {
  void loadCurrentScreen(screens).then(() => {
    const root = createRoot(document.getElementById('root')!);
    // Rendered as a transition, React yields to the browser every few milliseconds instead of
    // holding the main thread for the whole first screen (a phone's long task, Lighthouse's TBT).
    startTransition(() =>
      root.render(
        <StrictMode>
          <AppProvider>{frame(<EntryRouter screens={screens} />)}</AppProvider>
        </StrictMode>,
      ),
    );
  });
}
