import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { THEME_SCRIPT } from '../shared/theme-script';
import { EARLY_INPUT_SCRIPT } from '../shared/early-input-script';
import { ENTRY_FAILED_SCRIPT } from '../shared/entry-failed-script';
import { buildApp } from './app';
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
