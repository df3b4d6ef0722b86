import { existsSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREENS } from './first-screen';

const root = path.resolve(import.meta.dirname, '../../../..');

/*
 * The server's table of first screens (decision 010) is made of the screens' own first reads
 * (features/<name>/first-reads.ts): it writes no URL and no client file of its own.
 */
describe('the table of first screens', () => {
  it('names, for every screen it preloads, a module that exists (a renamed screen fails here, not in a browser)', () => {
    const screens = Object.values(FIRST_SCREENS).flatMap((screen) => (screen?.screen ? [screen.screen] : []));
    expect(screens.length).toBeGreaterThan(0);
    for (const screen of screens) expect(existsSync(path.join(root, screen)), screen).toBe(true);
  });

  it('loads no client library into the server: the screens’ first reads are plain functions', async () => {
    const result = await build({
      entryPoints: [path.join(root, 'src/server/routes/public/first-screen.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const external = Object.values(result.metafile.outputs).flatMap((output) =>
      output.imports.filter((entry) => entry.external).map((entry) => entry.path),
    );
    expect(external.filter((name) => /^(react|react-dom|@tanstack\/|wouter|idb|lucide-react|@radix-ui\/)/.test(name))).toEqual([]);
  });

  it('reads what the screens’ hooks ask for: the overview, the inbox as it opens, this week’s schedule, a property’s page', () => {
    const none = new URLSearchParams();
    expect(FIRST_SCREENS['/admin']!.reads({}, none, '2026-11-27')).toEqual([
      '/api/auth/user',
      '/api/admin/stats',
      '/api/admin/agreements?acceptedWithinDays=14',
    ]);
    expect(FIRST_SCREENS['/admin/submissions']!.reads({}, none, '2026-11-27')).toEqual([
      '/api/auth/user',
      '/api/admin/stats',
      '/api/contact?limit=50',
    ]);
    expect(FIRST_SCREENS['/admin/submissions']!.reads({}, new URLSearchParams('status=new'), '2026-11-27')).toEqual([
      '/api/auth/user',
      '/api/admin/stats',
    ]);
    expect(FIRST_SCREENS['/admin/schedule']!.reads({}, none, '2026-11-27')).toEqual([
      '/api/auth/user',
      '/api/admin/schedule?from=2026-11-23&to=2026-11-29',
    ]);
    const id = '9707efe0-9f71-4224-a795-17064681ea42';
    expect(FIRST_SCREENS['/customer-dashboard/properties/:id']!.reads({ id }, none, '2026-11-27')).toEqual([
      '/api/auth/user',
      '/api/customer/properties',
      `/api/properties/${id}/photos`,
      `/api/properties/${id}/visits?page=1`,
      `/api/properties/${id}/requests`,
    ]);
    expect(FIRST_SCREENS['/customer-dashboard/properties/:id']!.reads({ id: 'not-an-id' }, none, '2026-11-27')).toEqual([
      '/api/auth/user',
      '/api/customer/properties',
    ]);
  });

  it('reads a prospect’s estimate by its link, without a session, with the version asked for', () => {
    const token = 'q'.repeat(43);
    const estimate = FIRST_SCREENS['/estimates/:token']!;
    expect(estimate.public).toBe(true);
    expect(estimate.reads({ token }, new URLSearchParams(), '2026-11-27')).toEqual([`/api/estimates/${token}`]);
    expect(estimate.reads({ token }, new URLSearchParams('version=2'), '2026-11-27')).toEqual([`/api/estimates/${token}?version=2`]);
    // Every other screen is a signed-in user's.
    expect(
      Object.entries(FIRST_SCREENS)
        .filter(([, screen]) => screen?.public)
        .map(([route]) => route),
    ).toEqual(['/estimates/:token']);
  });
});
