import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import type { FirstScreenAnswers } from '../../shared/first-screen';
import type { Entry } from '../../shared/routes';
import { renderWithFirstScreenAnswers } from '../lib/first-screen';
import { EntryApp, type EntryScreens } from './router';
import { consoleEntry } from './screens/console';
import { crewEntry } from './screens/crew';
import { estimateEntry } from './screens/estimate';
import { portalEntry } from './screens/portal';

/**
 * The server's render of a signed-in first screen (decision 010), built by scripts/build.ts into
 * dist/render/ and run by the server for the screens of FIRST_SCREENS. It renders the entry's
 * own tree (the same components, router and query client as the browser) from the answers the
 * page carries, so the browser paints the screen from the HTML and then hydrates it from the
 * same data: one render's output, twice.
 */
const entries: { [E in Entry]: EntryScreens<E> } = { portal: portalEntry, console: consoleEntry, crew: crewEntry, estimate: estimateEntry };

/**
 * Loads every screen's code once, so each render is synchronous (a lazy screen not yet loaded
 * would render "Loading..."). A screen that fails to load fails this: the server then logs it and
 * leaves every screen to the browser, rather than sending some of them half rendered.
 */
export async function loadScreens(): Promise<void> {
  const screens = Object.values(entries).flatMap((entry) => Object.values(entry.screens as Record<string, ComponentType>));
  await Promise.all(screens.map((screen) => ('load' in screen ? (screen as { load(): Promise<unknown> }).load() : undefined)));
}

/** The HTML of `entry`'s screen at `pathname` (with `search`, without "?") for the user whose API answers these are: #root's content. */
export function renderFirstScreen(entry: Entry, pathname: string, search: string, answers: FirstScreenAnswers): string {
  return renderWithFirstScreenAnswers(answers, () =>
    renderToString(
      <Router ssrPath={pathname} ssrSearch={search}>
        <EntryApp entry={entries[entry] as EntryScreens<Entry>} />
      </Router>,
    ),
  );
}
