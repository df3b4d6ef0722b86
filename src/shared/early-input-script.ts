/** Sent on `document` once React has started to hydrate a screen the server rendered (decision 010). */
export const HYDRATING_EVENT = 'lakeshore:hydrating';

const CONTROLS = 'button,[role="button"],input[type="checkbox"],input[type="radio"],input[type="submit"],summary,label,a[href]';

/**
 * Between the first paint of a screen the server rendered and the moment React takes it over,
 * its buttons look ready but do nothing. This script, inline in such a page's `<head>` so it
 * runs before anything can be tapped, keeps a tap on a button, a link or a form sent with Enter
 * in that moment (holding it back from the browser) and gives the last one again once React
 * hydrates, which then handles it at once. A link is held too, so that it moves within the page
 * as it does once hydrated, rather than loading the whole page again (which, on a crew phone
 * losing signal, may not come back); a link opened in a new tab or window is left alone.
 * The server allows it in the Content-Security-Policy by its SHA-256 hash, like the theme script.
 */
export const EARLY_INPUT_SCRIPT = `(function(){var d=document,k=null;function inRoot(n){var r=d.getElementById('root');return r&&n&&r.contains(n)}function c(e){var b=e.target&&e.target.closest&&e.target.closest(${JSON.stringify(CONTROLS)});if(!inRoot(b))return;if(b.tagName==='A'&&(e.button||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey||b.target||b.hasAttribute('download')))return;e.preventDefault();e.stopPropagation();k=function(){b.click()}}function s(e){var f=e.target,m=e.submitter;if(!inRoot(f))return;e.preventDefault();e.stopPropagation();k=function(){f.requestSubmit(m)}}d.addEventListener('click',c,true);d.addEventListener('submit',s,true);d.addEventListener(${JSON.stringify(HYDRATING_EVENT)},function(){d.removeEventListener('click',c,true);d.removeEventListener('submit',s,true);if(k)k()},{once:true})})()`;
