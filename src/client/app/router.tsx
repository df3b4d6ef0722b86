import { StrictMode, Suspense, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Switch } from 'wouter';
import type { Entry, EntryPath } from '../../shared/routes';
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

/** Starts an audience entry in its HTML shell's #root, optionally inside a frame (the console's). */
export function mountEntry<E extends Entry>(screens: Screens<E>, frame: (children: ReactNode) => ReactNode = (children) => children) {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>{frame(<EntryRouter screens={screens} />)}</AppProvider>
    </StrictMode>,
  );
}
