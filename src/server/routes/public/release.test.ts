import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientManifestFile } from '../../first-screen-page';
import { releaseOfManifest } from '../../release';
import { testAppFor } from '#test/app';
import { testDatabases } from '#test/database';

/** A client build with only Vite's manifest beside it: enough for the server to name its release. */
function buildWithManifest(text: string): string {
  const clientDir = path.join(mkdtempSync(path.join(tmpdir(), 'release-build-')), 'client');
  mkdirSync(clientDir);
  writeFileSync(clientManifestFile(clientDir), text);
  return clientDir;
}

const MANIFEST = JSON.stringify({ 'portal.html': { file: 'assets/portal-AbC123.js' } });

describe.each(testDatabases)('the release on %s', (kind) => {
  const t = testAppFor(kind, { config: { clientDir: buildWithManifest(MANIFEST) } });
  const release = releaseOfManifest(MANIFEST);

  it('names the build’s release at /api/release, never cached, the same name the build writes into the shells', async () => {
    expect(release).toMatch(/^[0-9a-f]{12}$/);
    const answer = await t.app.inject({ url: '/api/release' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ release });
    expect(answer.headers['cache-control']).toBe('no-store');
    // Another build (any file renamed) is another release.
    expect(releaseOfManifest(MANIFEST.replace('AbC123', 'XyZ789'))).not.toBe(release);
  });

  it('names it in a header on every API answer, errors and refusals too, so an open tab learns of an upgrade from its next call', async () => {
    for (const [url, cookie, status] of [
      ['/api/customer/properties', t.cookie('customerA'), 200],
      ['/api/auth/user', undefined, 401],
      ['/api/admin/customers', t.cookie('customerA'), 403],
      ['/api/nowhere', undefined, 404],
    ] as const) {
      const answer = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
      expect(answer.statusCode, url).toBe(status);
      expect(answer.headers['x-release'], url).toBe(release);
    }
    // Pages and health checks do not need it: a page names its own release.
    expect((await t.app.inject({ url: '/healthz' })).headers['x-release']).toBeUndefined();
  });
});

describe.each(testDatabases)('without a client build on %s', (kind) => {
  const t = testAppFor(kind, { config: { clientDir: mkdtempSync(path.join(tmpdir(), 'no-build-')) } });

  it('has no release to name, so no tab is ever told to load anew', async () => {
    expect((await t.app.inject({ url: '/api/release' })).json()).toEqual({ release: null });
    expect((await t.app.inject({ url: '/api/auth/user' })).headers['x-release']).toBeUndefined();
  });
});
