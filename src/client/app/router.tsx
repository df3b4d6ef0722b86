import { StrictMode, Suspense, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Switch } from 'wouter';
import type { Entry, EntryPath } from '../../shared/routes';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { AppProvider } from './provider';

/** An entry's screens: every path the route table gives this entry, and no other, maps to one (lazy, so each loads when visited). */
export type Screens<E extends Entry> = Record<EntryPath<E>, ComponentType>;

const loading = <p className="p-8 text-slate-600 dark:text-slate-400">Loading...</p>;

/** Routes one entry's paths to its screens; any other path shows the not-found screen. */
function EntryRouter({ screens }: { screens: Record<string, ComponentType> }) {
  return (
    <Suspense fallback={loading}>
      <Switch>
        {Object.entries(screens).map(([path, Screen]) => (
          <Route key={path} path={path} component={Screen} />
        ))}
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
