import { HYDRATING_EVENT, NO_HYDRATION_EVENT } from './hydration-events';
import { SHOW_NOT_LOADED_NOTICE } from './entry-failed-script';

/** How long a held tap waits for React before the page says it has not finished loading, in ms. */
export const EARLY_INPUT_LIMIT_MS = 10_000;

/** What a tap may be meant for: the controls, and a larger target marked `data-tap` (a property's whole card). */
const CONTROLS = 'button,[role="button"],input[type="checkbox"],input[type="radio"],input[type="submit"],summary,label,a[href],[data-tap]';

/**
 * Between the first paint of a screen the server rendered and the moment React takes it over,
 * its buttons look ready but do nothing. This script, inline in such a page's `<head>` so it
 * runs before anything can be tapped, keeps a tap on a button, a link or a form sent with Enter
 * in that moment (holding it back from the browser) and gives the last one again once React
 * hydrates, which then handles it at once. A link is held too, so that it moves within the page
 * as it does once hydrated, rather than loading the whole page again (which, on a crew phone
 * losing signal, may not come back); a link opened in a new tab or window is left alone. A label
 * that opens the camera or the files is let through (the picker needs the tap itself), and the
 * photos chosen before React listens are announced to it again (a `change` event) once it hydrates.
 *
 * When React will not come (the scripts failed to load, NO_HYDRATION_EVENT) or has not come
 * EARLY_INPUT_LIMIT_MS after the last held tap or choice, the script gives up: a notice asks to
 * reload the page, a held link is followed as a plain link, and later links work as plain links.
 * If React comes after all, the notice goes and the page works; the old tap is not given again,
 * but the photos chosen meanwhile are (they were chosen on purpose, and are sent as usual).
 *
 * The server allows it in the Content-Security-Policy by its SHA-256 hash, like the theme script.
 */
export const EARLY_INPUT_SCRIPT = [
  '(function(){',
  'var d=document,k=null,href=null,timer=0,gone=0,live=0,note=null,files=[];',
  "function inRoot(n){var r=d.getElementById('root');return r&&n&&r.contains(n)}",
  `function wait(){clearTimeout(timer);timer=setTimeout(giveUp,${EARLY_INPUT_LIMIT_MS})}`,
  'function hold(f,h){k=f;href=h;wait()}',
  'function c(e){',
  `var b=e.target&&e.target.closest&&e.target.closest(${JSON.stringify(CONTROLS)});`,
  'if(!inRoot(b))return;',
  "var a=b.tagName==='A';",
  "if(a&&(e.button||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey||b.target||b.hasAttribute('download')))return;",
  "if(b.tagName==='LABEL'&&b.control&&b.control.type==='file')return;",
  'if(gone&&a)return;',
  'e.preventDefault();e.stopPropagation();',
  'if(!gone)hold(function(){if(b.isConnected)b.click()},a?b.href:null)}',
  'function s(e){var f=e.target,m=e.submitter;if(!inRoot(f))return;e.preventDefault();e.stopPropagation();',
  'if(!gone)hold(function(){if(f.isConnected)f.requestSubmit(m)},null)}',
  "function ch(e){var t=e.target;if(!inRoot(t)||t.type!=='file')return;if(files.indexOf(t)<0)files.push(t);if(!gone)wait()}",
  "function off(){d.removeEventListener('click',c,true);d.removeEventListener('submit',s,true);d.removeEventListener('change',ch,true)}",
  'function giveUp(){if(gone||live)return;gone=1;clearTimeout(timer);k=null;',
  SHOW_NOT_LOADED_NOTICE,
  'if(href)location.assign(href)}',
  `d.addEventListener('click',c,true);d.addEventListener('submit',s,true);d.addEventListener('change',ch,true);`,
  `d.addEventListener(${JSON.stringify(NO_HYDRATION_EVENT)},giveUp,{once:true});`,
  `d.addEventListener(${JSON.stringify(HYDRATING_EVENT)},function(){live=1;clearTimeout(timer);off();if(note)note.remove();`,
  "files.forEach(function(t){if(t.isConnected&&t.files&&t.files.length)t.dispatchEvent(new Event('change',{bubbles:true}))});",
  'if(!gone&&k)k()},{once:true})',
  '})()',
].join('');
