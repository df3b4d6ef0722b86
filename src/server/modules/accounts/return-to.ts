import type { Role } from '../../../shared/policy';
import { ENTRY_HOMES, entryOfRole } from '../../../shared/session-marker';
import type { AudienceEntry } from '../../../shared/routes';

export const DEFAULT_RETURN_TO = '/customer-dashboard';

/** Browsers treat a backslash like "/" and drop control characters, so either could turn a path into another host. */
function hasBackslashOrControl(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (char === '\\' || code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

const SAME_SITE = 'http://same-site.invalid';

/**
 * A post-sign-in destination kept on this site: a path starting with one "/", never "//host",
 * "/\host", a scheme or the API. Null for anything else, and for nothing given.
 */
export function localReturnPath(value: unknown): string | null {
  if (!isLocalPath(value)) return null;
  let url: URL;
  try {
    url = new URL(value, SAME_SITE);
  } catch {
    return null;
  }
  if (url.origin !== SAME_SITE) return null;
  // Normalizing can make a new "//": "/..//evil.com" resolves to the path "//evil.com", which a
  // browser reads as another host. So the result is checked again, by the same rules.
  const normalized = `${url.pathname}${url.search}${url.hash}`;
  if (!isLocalPath(normalized) || url.pathname.startsWith('/api/')) return null;
  return normalized;
}

/** A local path as localReturnPath keeps it; anything else becomes the dashboard. */
export function safeReturnTo(value: unknown): string {
  return localReturnPath(value) ?? DEFAULT_RETURN_TO;
}

function isLocalPath(value: unknown): value is string {
  return (
    typeof value === 'string' && value.length <= 2000 && value.startsWith('/') && !value.startsWith('//') && !hasBackslashOrControl(value)
  );
}

/** The sign-in pages themselves: nowhere to go once signed in. */
const SIGN_IN_PAGES = new Set(['/login', '/login/verify', '/logout']);

/** The entry whose own pages a path is among (its home and below), or null for a page anyone may see. */
function audienceOf(pathname: string): AudienceEntry | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const [entry, home] of Object.entries(ENTRY_HOMES) as Array<[AudienceEntry, string]>) {
    if (trimmed === home || trimmed.startsWith(`${home}/`)) return entry;
  }
  return null;
}

/** Where a role's people start: crews on /crew, owners and office staff on /admin, customers on their dashboard. */
export const homeOfRole = (role: Role): string => ENTRY_HOMES[entryOfRole(role)];

/**
 * Where a sign-in lands: the return path asked for, when it is on this site and among the user's
 * own pages (or a page for anyone), else the role's home. So a crew member whose link was asked
 * for from the customer portal lands on /crew, not on a dashboard that is not theirs.
 */
export function landingFor(role: Role, returnTo: unknown): string {
  const home = homeOfRole(role);
  const path = localReturnPath(returnTo);
  if (path === null) return home;
  const { pathname } = new URL(path, SAME_SITE);
  if (SIGN_IN_PAGES.has(pathname.replace(/(.)\/+$/, '$1'))) return home;
  const audience = audienceOf(pathname);
  return audience === null || audience === entryOfRole(role) ? path : home;
}
