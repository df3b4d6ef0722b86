import { createHash } from 'node:crypto';
import { connect, type AddressInfo } from 'node:net';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { THEME_SCRIPT } from '../shared/theme-script';
import { EARLY_INPUT_SCRIPT } from '../shared/early-input-script';
import { ENTRY_FAILED_SCRIPT } from '../shared/entry-failed-script';
import { buildApp, REQUEST_TIMEOUTS, serializeRequest, type RequestTimeouts } from './app';
import { createTestApp, testConfig } from '#test/app';
import { validContact } from '#test/fixtures';
import { createTestDatabase, testDatabaseFor, testDatabases } from '#test/database';

describe.each(testDatabases)('the app on %s', (kind) => {
  const suite = testDatabaseFor(kind);

  it('sends security headers on every response, with the theme script allowed by hash only', async () => {
    const app = await createTestApp(suite.database);
    for (const url of ['/healthz', '/api/unknown', '/nowhere']) {
      const response = await app.inject({ url });
      const csp = String(response.headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src'))!;
      expect(scriptSrc).not.toContain('unsafe-inline');
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`);
      // And the script that keeps taps made before a server-rendered screen hydrates (decision 010).
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(EARLY_INPUT_SCRIPT).digest('base64')}'`);
      // And the shells' script that shows the not-loaded notice when the entry does not load (issue 22).
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(ENTRY_FAILED_SCRIPT).digest('base64')}'`);
      expect(csp).toContain("frame-ancestors 'none'");
      // No <base> can redirect relative URLs, and no plugin content (ASVS 3.4.3).
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-request-id']).toEqual(expect.any(String));
      // The rest of helmet's set, worked out once at start.
      expect(response.headers).toMatchObject({
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'DENY',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
    }
    await app.close();
  });

  it('adds HSTS when APP_URL is https', async () => {
    const app = await createTestApp(suite.database, {}, { APP_URL: 'https://lots.example.com' });
    const response = await app.inject({ url: '/healthz' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    await app.close();
  });

  it('answers /healthz, and /readyz with 200 while the database answers', async () => {
    const app = await createTestApp(suite.database);
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: kind });
    await app.close();
  });

  it('answers unknown API paths with a JSON 404 and unknown pages with a 404', async () => {
    const app = await createTestApp(suite.database);
    const api = await app.inject({ url: '/api/does-not-exist' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/application\/json/);
    expect(api.json()).toEqual({ message: 'Not found' });
    const apiPost = await app.inject({
      method: 'POST',
      url: '/api/nothing',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(apiPost.statusCode).toBe(404);
    const page = await app.inject({ url: '/some/missing/page' });
    expect(page.statusCode).toBe(404);
    await app.close();
  });

  it('serves the built client: the page no-cache, hashed assets immutable, precompressed when accepted', async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><h1>Landing</h1>');
    writeFileSync(path.join(clientDir, 'portal.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)'.repeat(100));
    writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js.br'), 'brotli-bytes');
    const app = await createTestApp(suite.database, { clientDir });

    const home = await app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.body).toContain('<h1>Landing</h1>');

    const asset = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.body).toBe('brotli-bytes');

    const missing = await app.inject({ url: '/customer-portal-typo' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/text\/html/);
    expect(missing.body).toContain('id="root"');
    await app.close();
  });

  it('never serves a dot-file or a file in a dot-folder of the client folder', async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'client-'));
    mkdirSync(path.join(clientDir, '.vite'));
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><h1>Landing</h1>');
    writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), '{"secret-build-metadata":true}');
    writeFileSync(path.join(clientDir, '.env'), 'secret-build-metadata');
    writeFileSync(path.join(clientDir, 'assets', '.hidden.js'), 'secret-build-metadata');
    const app = await createTestApp(suite.database, { clientDir });
    for (const url of ['/.vite/manifest.json', '/.env', '/assets/.hidden.js', '/%2evite/manifest.json', '/assets/../.env']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('secret-build-metadata');
    }
    await app.close();
  });
});

describe('readiness', () => {
  it('answers /readyz with 503 once the database stops answering', async () => {
    const database = await createTestDatabase('pglite');
    const app = await createTestApp(database);
    await database.close();
    const response = await app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: 'pglite', message: expect.stringMatching(/not answering/) });
    await app.close();
  });
});

describe('logs', () => {
  it('are JSON lines with request ids and carry no personal data at info level', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const database = await createTestDatabase('pglite');
    const config = testConfig({}, { LOG_LEVEL: 'info' });
    const appWithDefaults = await buildApp({ config, database, loggerStream: stream });
    const response = await appWithDefaults.inject({
      method: 'POST',
      url: '/api/contact?email=jane%40southridgeplaza.com',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-test-1' },
      payload: JSON.stringify(validContact),
    });
    expect(response.statusCode).toBe(201);
    await appWithDefaults.close();
    await database.close();

    const text = lines.join('');
    const records = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string });
    expect(records.some((r) => r.reqId === 'req-test-1' && r.msg === 'quote request stored')).toBe(true);
    for (const secret of [
      validContact.name,
      validContact.email,
      'jane%40southridgeplaza.com',
      validContact.phone,
      validContact.message,
      '127.0.0.1',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('keep a failed query’s parameters, and the value the database quotes, out of the error log', async () => {
    const lines: string[] = [];
    const database = await createTestDatabase('pglite');
    const app = await buildApp({
      config: testConfig({}, { LOG_LEVEL: 'info' }),
      database,
      loggerStream: { write: (line: string) => void lines.push(line) },
      extraRoutes: async (probe) =>
        probe.get('/api/test/failing-query', async () => probe.db.execute(sql`select ${'jane.kowalski@example.com'}::int as n`)),
    });
    const response = await app.inject({ url: '/api/test/failing-query' });
    expect(response.statusCode).toBe(500);
    await app.close();
    await database.close();
    const logged = lines.map((line) => JSON.parse(line) as { level: number; err?: { message: string; code?: string; stack: string } });
    const failure = logged.find((record) => record.err);
    expect(failure?.err).toMatchObject({ message: expect.stringMatching(/^Failed query: select \$1::int as n$/), code: '22P02' });
    expect(failure?.err?.stack).toMatch(/^ {4}at /);
    expect(lines.join('')).not.toContain('jane.kowalski');
  });
});

describe('slow clients', () => {
  const suite = testDatabaseFor('pglite');

  /**
   * A real socket to a listening app that sends a quote request's headers, then its body a byte at a
   * time (or nothing more): what comes back, and how long after the headers the server closed it.
   */
  async function slowRequest(timeouts: RequestTimeouts, dribble: boolean) {
    const app = await buildApp({ config: testConfig(), database: suite.database, logger: false, timeouts });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (data: Buffer) => (answer += data.toString('latin1')));
    await new Promise((resolve) => socket.once('connect', resolve));
    const started = Date.now();
    socket.write('POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4096\r\n\r\n{');
    // One byte every 100 ms: the connection is never silent, but the body would take 7 minutes.
    const drip = dribble ? setInterval(() => socket.write(' '), 100) : undefined;
    // Closed by the server, or still open after 10 s (long past the test's timeouts).
    const closed = await Promise.race([
      new Promise<boolean>((resolve) => socket.once('close', () => resolve(true))),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
    ]);
    const after = Date.now() - started;
    clearInterval(drip);
    socket.destroy();
    await app.close();
    return { closed, after, answer };
  }

  it('closes a request whose body dribbles in once the request timeout has passed, with 408', async () => {
    const { closed, after, answer } = await slowRequest({ requestMs: 1_000, connectionMs: 60_000 }, true);
    expect(closed).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(after).toBeGreaterThanOrEqual(900);
  });

  it('closes a connection that goes silent in the middle of a request', async () => {
    const { closed, after } = await slowRequest({ requestMs: 120_000, connectionMs: 1_000 }, false);
    expect(closed).toBe(true);
    expect(after).toBeGreaterThanOrEqual(900);
  });

  it('gives every request 2 minutes to arrive and every connection 1 minute of silence by default', async () => {
    const app = await buildApp({ config: testConfig(), database: suite.database, logger: false });
    expect(REQUEST_TIMEOUTS).toEqual({ requestMs: 120_000, connectionMs: 60_000 });
    expect(app.server.requestTimeout).toBe(120_000);
    expect(app.server.headersTimeout).toBe(60_000);
    expect(app.server.timeout).toBe(60_000);
    await app.close();
  });
});

describe('the request log line', () => {
  it('keeps an estimate link’s token out of the log, and query strings out of every path', () => {
    const token = 'qYN6L43_MUm0mujsHb7rdlcFGNvxDmmTS_Cnf79teN0';
    expect(serializeRequest({ method: 'GET', url: `/estimates/${token}?version=2` })).toEqual({ method: 'GET', path: '/estimates/:token' });
    expect(serializeRequest({ method: 'POST', url: `/api/estimates/${token}/accept` })).toEqual({
      method: 'POST',
      path: '/api/estimates/:token/accept',
    });
    expect(serializeRequest({ method: 'GET', url: '/api/admin/estimates/5b7d9a9e-1111-4111-8111-111111111111' })).toEqual({
      method: 'GET',
      path: '/api/admin/estimates/5b7d9a9e-1111-4111-8111-111111111111',
    });
    expect(serializeRequest({ method: 'GET', url: '/login/verify?token=secret' })).toEqual({ method: 'GET', path: '/login/verify' });
  });
});
