export const DEFAULT_RETURN_TO = '/customer-dashboard';

/** Browsers treat a backslash like "/" and drop control characters, so either could turn a path into another host. */
function hasBackslashOrControl(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (char === '\\' || code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Keeps a post-sign-in destination on this site: a path starting with one "/",
 * never "//host", "/\host" or a scheme. Anything else becomes the dashboard.
 */
export function safeReturnTo(value: unknown): string {
  if (!isLocalPath(value)) return DEFAULT_RETURN_TO;
  const base = 'http://same-site.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return DEFAULT_RETURN_TO;
  }
  if (url.origin !== base) return DEFAULT_RETURN_TO;
  // Normalizing can make a new "//": "/..//evil.com" resolves to the path "//evil.com", which a
  // browser reads as another host. So the result is checked again, by the same rules.
  const normalized = `${url.pathname}${url.search}${url.hash}`;
  if (!isLocalPath(normalized) || url.pathname.startsWith('/api/')) return DEFAULT_RETURN_TO;
  return normalized;
}

function isLocalPath(value: unknown): value is string {
  return (
    typeof value === 'string' && value.length <= 2000 && value.startsWith('/') && !value.startsWith('//') && !hasBackslashOrControl(value)
  );
}
