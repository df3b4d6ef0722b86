import { NOT_LOADED_TEXT, NOTICE_CLASS, RELOAD_LABEL } from './not-loaded-notice';

/**
 * Script text that adds the not-loaded notice, with "Reload page", at the end of the body, as
 * `note` (which the script around it declares, with `d` for `document`), unless the page shows one
 * already. Shared by the inline scripts: the early-input script's (shared/early-input-script.ts)
 * and the shells' (below).
 */
export const SHOW_NOT_LOADED_NOTICE = [
  `if(!d.querySelector(${JSON.stringify(`.${NOTICE_CLASS}`)})){`,
  "note=d.createElement('div');note.setAttribute('role','alert');",
  `note.className=${JSON.stringify(NOTICE_CLASS)};`,
  `var p=d.createElement('p');p.textContent=${JSON.stringify(NOT_LOADED_TEXT)};`,
  "var r=d.createElement('button');r.type='button';",
  `r.textContent=${JSON.stringify(RELOAD_LABEL)};`,
  "r.addEventListener('click',function(){location.reload()});",
  'note.append(p,r);d.body.append(note)}',
].join('');

/**
 * Inline in every entry's shell (portal, console, crew, as served and as the crew's service
 * worker keeps them), before the entry's `<script type="module">`: when a script the page names
 * does not load (the entry, one of its imports, or a server-rendered screen's boot script: the
 * signal dropped, or an upgrade renamed the files), the page shows the not-loaded notice rather
 * than staying white (issue 22). A failed script element fires `error` on itself, which does not
 * bubble, so the script listens in the capture phase; one notice at most. Code loaded later
 * (`import()`) is React's to catch (client/app/lazy-screen.tsx); a server-rendered page whose
 * entry fails inside the boot script is the early-input script's.
 *
 * The server allows it in the Content-Security-Policy by its SHA-256 hash, like the theme script.
 */
export const ENTRY_FAILED_SCRIPT = [
  '(function(){var d=document;',
  "addEventListener('error',function(e){var t=e.target,note;",
  "if(t&&t.tagName==='SCRIPT'&&t.src){",
  SHOW_NOT_LOADED_NOTICE,
  '}},true)})()',
].join('');
