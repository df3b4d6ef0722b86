/**
 * The pages from memory (issue 14): the same bytes as the build's files, the headers the
 * static path sent (plus Vary), 304 for a matching If-None-Match, and the same answers from
 * the fast path ahead of Fastify (a listening server) as from the routes (`inject()`).
 */
import http from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '#test/app';
import { testDatabaseFor } from '#test/database';

const suite = testDatabaseFor('pglite');

/** A build's HTML files with their twins, as scripts/build.ts writes them. */
function writeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'client-'));
  const pages = {
    'index.html': `<!doctype html><h1>Landing</h1>${'<p>Parking lots swept before the stores open.</p>'.repeat(200)}`,
    'privacy.html': `<!doctype html><h1>Privacy</h1>${'<p>We keep what you send us.</p>'.repeat(50)}`,
    'portal.html': '<!doctype html><div id="root" data-entry="portal"></div>',
    'console.html': '<!doctype html><div id="root" data-entry="console"></div>',
    'crew.html': '<!doctype html><div id="root" data-entry="crew"></div>',
  };
  for (const [file, html] of Object.entries(pages)) {
    writeFileSync(path.join(dir, file), html);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(html));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(html));
  }
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  return dir;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request over the socket, body as sent (fetch would decode it). */
function request(base: string, url: string, headers: Record<string, string | string[]> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request(base + url, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

/** The same through Fastify's routes. */
async function injected(app: App, url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET'): Promise<Answer> {
  const response = await app.inject({ url, headers, method });
  return { status: response.statusCode, headers: response.headers as http.IncomingHttpHeaders, body: response.rawPayload };
}

/** Headers that differ on every answer, or belong to the connection. */
const PER_ANSWER = ['date', 'x-request-id', 'connection', 'keep-alive'];
const stable = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.includes(name)));

const FILES: Record<string, string> = {
  '/': 'index.html',
  '/privacy': 'privacy.html',
  '/login': 'portal.html',
  '/customer-dashboard/properties/abc': 'portal.html',
  '/admin': 'console.html',
  '/admin/customers/abc': 'console.html',
  '/crew': 'crew.html',
};
const ENCODINGS = [
  { acceptEncoding: 'gzip, deflate, br', encoding: 'br', suffix: '.br' },
  { acceptEncoding: 'gzip', encoding: 'gzip', suffix: '.gz' },
  { acceptEncoding: '', encoding: undefined, suffix: '' },
] as const;

describe('the pages from memory', () => {
  let clientDir: string;
  let app: App;
  let base: string;
  /** Each way of asking: the fast path of a listening server, and Fastify's routes through inject(). */
  let ways: [string, (url: string, headers?: Record<string, string>, method?: 'GET' | 'HEAD') => Promise<Answer>][];

  beforeAll(async () => {
    clientDir = writeBuild();
    app = await createTestApp(suite.database, { clientDir });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    ways = [
      ['the fast path', (url, headers, method) => request(base, url, headers, method)],
      ['the routes', (url, headers, method) => injected(app, url, headers, method)],
    ];
  });
  afterAll(async () => {
    await app.close();
  });

  it('sends the bytes of the files on disk, brotli, gzip or identity as accepted', async () => {
    for (const [way, ask] of ways) {
      for (const [url, file] of Object.entries(FILES)) {
        for (const { acceptEncoding, encoding, suffix } of ENCODINGS) {
          const answer = await ask(url, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
          const context = `${way}: ${url} with Accept-Encoding "${acceptEncoding}"`;
          expect(answer.status, context).toBe(200);
          expect(answer.headers['content-encoding'], context).toBe(encoding);
          expect(answer.body.equals(readFileSync(path.join(clientDir, file + suffix))), context).toBe(true);
          expect(answer.headers['content-length'], context).toBe(String(answer.body.length));
        }
      }
    }
  });

  it('answers the fast path and the routes with the same headers', async () => {
    for (const url of ['/', '/privacy', '/login', '/login/verify', '/admin', '/crew']) {
      for (const { acceptEncoding } of ENCODINGS) {
        const headers = { 'accept-encoding': acceptEncoding };
        const fast = await request(base, url, headers);
        const routed = await injected(app, url, headers);
        expect(stable(fast.headers), url).toEqual(stable(routed.headers));
        expect(fast.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
      }
    }
    // A proxy's request id is kept, as genReqId keeps it.
    expect((await request(base, '/', { 'x-request-id': 'proxy-id.1' })).headers['x-request-id']).toBe('proxy-id.1');
  });

  it('keeps every header the static path sends, security headers included, and adds Vary', async () => {
    const robots = await request(base, '/robots.txt', { 'accept-encoding': 'gzip, deflate, br' });
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    for (const [way, ask] of ways) {
      const page = await ask('/', { 'accept-encoding': 'gzip, deflate, br' });
      // Every security header, CSP included, exactly as the static path sends it.
      for (const name of Object.keys(app.securityHeaders)) expect(page.headers[name], `${way}: ${name}`).toBe(robots.headers[name]);
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      // The static path's other headers, less Accept-Ranges (no ranges from memory), plus Vary and Content-Encoding.
      const expected = [...Object.keys(stable(robots.headers)).filter((name) => name !== 'accept-ranges'), 'vary', 'content-encoding'];
      expect(Object.keys(stable(page.headers)).sort(), way).toEqual(expected.sort());
      expect(page.headers).toMatchObject({
        'cache-control': 'no-cache',
        'content-type': 'text/html; charset=utf-8',
        vary: 'Accept-Encoding',
        'last-modified': expect.any(String),
      });
    }
  });

  it('keeps the sign-in link page’s Referrer-Policy on the fast path', async () => {
    const page = await request(base, `/login/verify?token=${'t'.repeat(43)}`);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect((await request(base, '/login')).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('gives each representation a stable ETag and answers a matching If-None-Match with 304 and no body', async () => {
    for (const [way, ask] of ways) {
      for (const { acceptEncoding } of ENCODINGS) {
        const headers = { 'accept-encoding': acceptEncoding };
        const first = await ask('/', headers);
        const second = await ask('/', headers);
        const etag = String(first.headers.etag);
        expect(etag).toMatch(/^"[\w-]+"$/);
        expect(second.headers.etag).toBe(etag);
        for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
          const cached = await ask('/', { ...headers, 'if-none-match': ifNoneMatch });
          expect(cached.status, `${way}: ${ifNoneMatch}`).toBe(304);
          expect(cached.body.length).toBe(0);
          expect(cached.headers).toMatchObject({ etag, vary: 'Accept-Encoding', 'cache-control': 'no-cache' });
          expect(cached.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
        }
        expect((await ask('/', { ...headers, 'if-none-match': '"stale"' })).status).toBe(200);
      }
      const etags = await Promise.all(ENCODINGS.map(async (e) => (await ask('/', { 'accept-encoding': e.acceptEncoding })).headers.etag));
      expect(new Set(etags).size, `${way}: one ETag per representation`).toBe(3);
      // Without If-None-Match, If-Modified-Since decides.
      const lastModified = String((await ask('/')).headers['last-modified']);
      expect((await ask('/', { 'if-modified-since': lastModified })).status).toBe(304);
      expect((await ask('/', { 'if-modified-since': new Date(Date.parse(lastModified) - 1000).toUTCString() })).status).toBe(200);
    }
  });

  it('reads the request’s headers as node:http does: any case, and a header sent twice as one list', async () => {
    const asRouted = async (headers: Record<string, string | string[]>) => {
      const fast = await request(base, '/', headers);
      const joined = Object.fromEntries(
        Object.entries(headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value]),
      );
      const routed = await injected(app, '/', joined);
      expect(fast.status, JSON.stringify(headers)).toBe(routed.status);
      expect(stable(fast.headers), JSON.stringify(headers)).toEqual(stable(routed.headers));
      return fast;
    };
    expect((await asRouted({ 'ACCEPT-Encoding': ['gzip;q=0.5', 'br'] })).headers['content-encoding']).toBe('br');
    const { etag } = (await asRouted({ 'Accept-Encoding': 'gzip' })).headers;
    expect((await asRouted({ 'Accept-Encoding': 'gzip', 'If-None-Match': ['"other"', String(etag)] })).status).toBe(304);
    expect((await request(base, '/', { 'X-Request-ID': 'proxy-id.2' })).headers['x-request-id']).toBe('proxy-id.2');
    // Sent twice, a request id is a list, not a plain token: a new one is made, as genReqId would.
    expect((await request(base, '/', { 'X-Request-Id': ['proxy-a', 'proxy-b'] })).headers['x-request-id']).toMatch(/^[\w-]{36}$/);
    // If-Modified-Since is a date, not a list: node:http keeps the first, and so does the fast path.
    const lastModified = String((await request(base, '/')).headers['last-modified']);
    const older = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await request(base, '/', { 'If-Modified-Since': [lastModified, older] })).status).toBe(304);
    expect((await request(base, '/', { 'If-Modified-Since': [older, lastModified] })).status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    for (const [way, ask] of ways) {
      for (const url of ['/', '/privacy', '/admin']) {
        const headers = { 'accept-encoding': 'gzip, deflate, br' };
        const get = await ask(url, headers);
        const head = await ask(url, headers, 'HEAD');
        expect(head.status, `${way}: ${url}`).toBe(200);
        expect(head.body.length).toBe(0);
        expect(stable(head.headers)).toEqual(stable(get.headers));
      }
    }
  });

  it('falls back to identity for a coding it does not have, and honours q=0', async () => {
    const cases: [string, string | undefined][] = [
      ['compress, deflate', undefined],
      ['zstd', undefined],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.5, br;q=0.4', 'gzip'],
      ['*', 'br'],
      ['*;q=0.1, gzip;q=0', 'br'],
      ['br;q=0, gzip;q=0', undefined],
      ['identity;q=0, *;q=0', undefined],
      ['x-gzip', 'gzip'],
    ];
    for (const [way, ask] of ways) {
      for (const [acceptEncoding, encoding] of cases) {
        const answer = await ask('/', { 'accept-encoding': acceptEncoding });
        expect(answer.headers['content-encoding'], `${way}: "${acceptEncoding}"`).toBe(encoding);
        expect(
          answer.body.equals(readFileSync(path.join(clientDir, `index.html${{ br: '.br', gzip: '.gz' }[encoding ?? ''] ?? ''}`))),
        ).toBe(true);
      }
    }
  });

  it('serves unknown paths the portal’s shell with 404 from memory, and other methods through Fastify', async () => {
    const missing = await request(base, '/nowhere', { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBe('br');
    expect(missing.body.equals(readFileSync(path.join(clientDir, 'portal.html.br')))).toBe(true);
    // A condition never turns a 404 into a 304.
    expect((await request(base, '/nowhere', { 'if-none-match': '*' })).status).toBe(404);
    expect((await request(base, '/', {}, 'POST')).status).toBe(404);
  });
});

describe('before the client is built', () => {
  it('answers the pages 503 on the fast path and through the routes', async () => {
    const app = await createTestApp(suite.database, { clientDir: mkdtempSync(path.join(tmpdir(), 'client-')) });
    try {
      expect(app.clientBuilt).toBe(false);
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      for (const url of ['/', '/privacy', '/login']) {
        expect((await request(base, url)).status, url).toBe(503);
        expect((await app.inject({ url })).statusCode, url).toBe(503);
      }
    } finally {
      await app.close();
    }
  });
});
