import type { ComponentType } from 'react';
import { NOT_LOADED_TEXT, NOTICE_CLASS, RELOAD_LABEL } from '../../shared/not-loaded-notice';
import { reloadForNewRelease } from '../lib/release';

/** The notice of a page whose code did not load, in the words and look of the early-input script's (shared/not-loaded-notice.ts). */
export function NotLoadedNotice() {
  return (
    <div role="alert" className={NOTICE_CLASS}>
      <p>{NOT_LOADED_TEXT}</p>
      <button type="button" onClick={() => location.reload()}>
        {RELOAD_LABEL}
      </button>
    </div>
  );
}

/**
 * A lazy part's loader (a screen, the crew's account settings) that, when the code cannot load
 * ("Failed to fetch dynamically imported module": the signal dropped, the server is down, or an
 * upgrade removed the tab's files), gives the not-loaded notice in its place instead of leaving a
 * white page, and reloads the page once if the server has moved to a new release (lib/release.ts).
 */
export const orNotLoaded =
  <P,>(load: () => Promise<{ default: ComponentType<P> }>) =>
  () =>
    load().catch(() => {
      void reloadForNewRelease();
      return { default: NotLoadedNotice as ComponentType<P> };
    });
