/**
 * The events between a server-rendered page's inline early-input script
 * (shared/early-input-script.ts) and its scripts (decision 010). In a module of their own, so the
 * entries that send them do not carry the inline script's text.
 */

/** Sent on `document` once React has started to hydrate a screen the server rendered. */
export const HYDRATING_EVENT = 'lakeshore:hydrating';

/** Sent on `document` when the page's scripts failed to load, so React will not take the screen over. */
export const NO_HYDRATION_EVENT = 'lakeshore:no-hydration';
