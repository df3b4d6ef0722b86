import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * A prerendered HTML page held in memory (issue 14): its identity bytes and the brotli and
 * gzip twins the build wrote beside it, each with its headers worked out once at start.
 * Answering a request is then a lookup: pick the representation by Accept-Encoding,
 * compare If-None-Match, and send bytes that are already there.
 *
 * The headers are those @fastify/static sent for the same file, with three differences:
 * - `Vary: Accept-Encoding`, which the static path left out although it chose the body by it;
 * - a strong ETag from the bytes' SHA-256, so every instance of one build gives the same one
 *   (the static path's weak ETag came from the file's size and mtime);
 * - no `Accept-Ranges: bytes`: a page from memory does not answer ranges (a Range header is
 *   ignored, which HTTP allows), so it does not offer them.
 */

export type Encoding = 'br' | 'gzip' | 'identity';

export type Headers = Readonly<Record<string, string>>;

export interface Representation {
  readonly encoding: Encoding;
  readonly body: Buffer;
  readonly etag: string;
  /** Milliseconds, rounded down to the second as Last-Modified carries it. */
  readonly lastModified: number;
  /** The 200's headers, Content-Length included. */
  readonly headers: Headers;
  /** The 304's: the same without Content-Length (RFC 9110 §15.4.5 keeps ETag, Vary, Cache-Control). */
  readonly notModifiedHeaders: Headers;
}

export interface InMemoryPage {
  readonly file: string;
  /** Keyed by encoding; identity is always there, the twins when the build wrote them. */
  readonly representations: Readonly<Partial<Record<Encoding, Representation>>> & { readonly identity: Representation };
}

const SUFFIX: Record<Exclude<Encoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

/** The page's bytes as it is on disk, and the headers every answer carries (security headers, a page's own). */
function representation(filePath: string, encoding: Encoding, pageHeaders: Headers): Representation {
  const body = readFileSync(filePath);
  const lastModified = Math.floor(statSync(filePath).mtimeMs / 1000) * 1000;
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const notModifiedHeaders: Record<string, string> = {
    ...pageHeaders,
    'cache-control': 'no-cache',
    'content-type': 'text/html; charset=utf-8',
    vary: 'Accept-Encoding',
    'last-modified': new Date(lastModified).toUTCString(),
    etag,
  };
  if (encoding !== 'identity') notModifiedHeaders['content-encoding'] = encoding;
  return {
    encoding,
    body,
    etag,
    lastModified,
    headers: { ...notModifiedHeaders, 'content-length': String(body.length) },
    notModifiedHeaders,
  };
}

/** Reads `file` and its `.br` and `.gz` twins from `dir`; null when the page itself is not there. */
export function loadPage(dir: string, file: string, pageHeaders: Headers = {}): InMemoryPage | null {
  const identityPath = path.join(dir, file);
  if (!existsSync(identityPath)) return null;
  const representations: Partial<Record<Encoding, Representation>> = {};
  for (const encoding of ['br', 'gzip'] as const) {
    const twin = identityPath + SUFFIX[encoding];
    if (existsSync(twin)) representations[encoding] = representation(twin, encoding, pageHeaders);
  }
  return { file, representations: { ...representations, identity: representation(identityPath, 'identity', pageHeaders) } };
}

/** The same page with more headers on every answer (a route's own, such as a stricter Referrer-Policy). */
export function withHeaders(page: InMemoryPage, extra: Headers): InMemoryPage {
  const representations: Partial<Record<Encoding, Representation>> = {};
  for (const [encoding, r] of Object.entries(page.representations) as [Encoding, Representation][]) {
    representations[encoding] = { ...r, headers: { ...r.headers, ...extra }, notModifiedHeaders: { ...r.notModifiedHeaders, ...extra } };
  }
  return { file: page.file, representations: representations as InMemoryPage['representations'] };
}

// ---------------------------------------------------------------------------------------------
// Accept-Encoding

const PREFERENCE: readonly Encoding[] = ['br', 'gzip', 'identity'];
/** The lowest weight there is (q has three decimals), so an unlisted identity is the last choice. */
const IMPLICIT_IDENTITY = 0.001;

/**
 * The q-value the client gives each coding we have (RFC 9110 §12.5.3): an explicit entry wins,
 * then `*`; identity is acceptable unless `identity;q=0`, or `*;q=0` without an identity entry,
 * but when unlisted it ranks below any coding the client names (`gzip;q=0.5` still means gzip).
 * `x-gzip` counts as gzip.
 */
function qualities(acceptEncoding: string): Record<Encoding, number> {
  const explicit: Partial<Record<Encoding | '*', number>> = {};
  for (const part of acceptEncoding.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    let name = rawName.trim().toLowerCase();
    if (name === 'x-gzip') name = 'gzip';
    if (name !== 'br' && name !== 'gzip' && name !== 'identity' && name !== '*') continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value?.trim());
        q = Number.isFinite(parsed) ? Math.min(1, Math.max(0, parsed)) : 0;
      }
    }
    // A coding listed twice keeps its best weight.
    explicit[name] = Math.max(explicit[name] ?? 0, q);
  }
  const star = explicit['*'];
  return {
    br: explicit.br ?? star ?? 0,
    gzip: explicit.gzip ?? star ?? 0,
    identity: explicit.identity ?? (star === 0 ? 0 : IMPLICIT_IDENTITY),
  };
}

const chosenByHeader = new Map<string, readonly Encoding[]>();
const CHOICE_CACHE_SIZE = 256;

/**
 * The codings a client accepts, best first: highest q, ties broken br > gzip > identity
 * (smallest first). Browsers send a handful of distinct headers, so the answer is kept per
 * header value (a bounded cache, so odd clients cannot grow it).
 */
export function acceptedEncodings(acceptEncoding: string | undefined): readonly Encoding[] {
  if (!acceptEncoding) return ['identity'];
  const known = chosenByHeader.get(acceptEncoding);
  if (known) return known;
  const q = qualities(acceptEncoding);
  const accepted = PREFERENCE.filter((encoding) => q[encoding] > 0).sort((a, b) => q[b] - q[a]);
  if (chosenByHeader.size >= CHOICE_CACHE_SIZE) chosenByHeader.clear();
  chosenByHeader.set(acceptEncoding, accepted);
  return accepted;
}

/** The representation to send: the best accepted one the build wrote, else identity (also when the client refused even that). */
export function chooseRepresentation(page: InMemoryPage, acceptEncoding: string | undefined): Representation {
  for (const encoding of acceptedEncodings(acceptEncoding)) {
    const found = page.representations[encoding];
    if (found) return found;
  }
  return page.representations.identity;
}

// ---------------------------------------------------------------------------------------------
// Conditional requests

/** If-None-Match (RFC 9110 §13.1.2): `*`, or any listed tag equal to ours under weak comparison. */
function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  for (const tag of ifNoneMatch.split(',')) {
    const trimmed = tag.trim();
    if ((trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag) return true;
  }
  return false;
}

/** Whether a GET or HEAD for `chosen` may be answered 304: If-None-Match decides; If-Modified-Since only without it. */
export function notModified(chosen: Representation, ifNoneMatch: string | undefined, ifModifiedSince: string | undefined): boolean {
  if (ifNoneMatch !== undefined) return matchesEtag(ifNoneMatch, chosen.etag);
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return Number.isFinite(since) && chosen.lastModified <= since;
}

export interface PageAnswer {
  status: 200 | 304;
  headers: Headers;
  /** Null for a 304 and for HEAD. */
  body: Buffer | null;
}

/** The whole answer to a GET or HEAD for a page, from the request's headers. */
export function answerPage(
  page: InMemoryPage,
  method: string,
  requestHeaders: { 'accept-encoding'?: string; 'if-none-match'?: string; 'if-modified-since'?: string },
): PageAnswer {
  const chosen = chooseRepresentation(page, requestHeaders['accept-encoding']);
  if (notModified(chosen, requestHeaders['if-none-match'], requestHeaders['if-modified-since']))
    return { status: 304, headers: chosen.notModifiedHeaders, body: null };
  return { status: 200, headers: chosen.headers, body: method === 'HEAD' ? null : chosen.body };
}
