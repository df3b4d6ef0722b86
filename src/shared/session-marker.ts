import type { Role } from './policy';
import type { AppPath, AudienceEntry } from './routes';

/**
 * A marker cookie beside the session's: page scripts may read it, so the landing page's
 * header can offer "My dashboard" instead of "Customer Login" without asking the server
 * (the prerendered page stays static and fast). It holds no secret and grants nothing:
 * only the entry a signed-in user belongs to. The server never reads it to decide anything;
 * it sets it with the session, and clears it at logout and whenever a request's session is
 * gone (expired or revoked), so it is never a promise that the session still works.
 */
export const SIGNED_IN_COOKIE = 'signed_in';

/** Each entry's home: where "My dashboard" leads. */
export const ENTRY_HOMES = { portal: '/customer-dashboard', console: '/admin', crew: '/crew' } as const satisfies Record<
  AudienceEntry,
  AppPath
>;

export function entryOfRole(role: Role): AudienceEntry {
  if (role === 'customer') return 'portal';
  if (role === 'crew') return 'crew';
  return 'console';
}

/** The home of a signed-in browser, read from `document.cookie`; null when the marker is absent or unknown. */
export function signedInHome(cookieHeader: string): (typeof ENTRY_HOMES)[AudienceEntry] | null {
  const value = /(?:^|;\s*)signed_in=([a-z]+)/.exec(cookieHeader)?.[1];
  return value && Object.hasOwn(ENTRY_HOMES, value) ? ENTRY_HOMES[value as AudienceEntry] : null;
}
