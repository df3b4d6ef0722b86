/**
 * The notice a page shows when its code did not load (decision 010, issue 22): the same words and
 * look whether the inline early-input script shows it (shared/early-input-script.ts, before React)
 * or React does (a screen's code that failed later, client/components/not-loaded-notice.tsx). A module
 * of its own, so the entries do not carry the inline script's text.
 */

/** What the page says when its scripts failed to load, or a held tap has waited too long. */
export const NOT_LOADED_TEXT =
  'This page has not finished loading, so its buttons do not work yet. Check your signal, then reload the page.';
export const RELOAD_LABEL = 'Reload page';

/** The notice's class: its look (and its button's) is in the entries' stylesheet (client/styles.css), so no script carries it. */
export const NOTICE_CLASS = 'not-loaded-notice';
