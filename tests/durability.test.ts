import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseOptions } from '../src/server/db/database';
import { contactRequests } from '../src/server/db/schema';
import { createTestDatabase, validContact } from '../src/server/test-helpers';
import { freePort, startServer, waitUntilReady } from './server-process';

const postContact = (url: string) =>
  fetch(`${url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(validContact) });

/** Reads stored ids straight from the database, after the server is gone. */
async function storedIds(options: DatabaseOptions, ids: string[]): Promise<string[]> {
  const database = await openDatabase(options);
  try {
    const rows = await database.db.select({ id: contactRequests.id }).from(contactRequests).where(inArray(contactRequests.id, ids));
    return rows.map((row) => row.id);
  } finally {
    await database.close();
  }
}

interface Target {
  name: string;
  env(): Promise<{ env: Record<string, string>; options: DatabaseOptions; cleanup(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'PGlite',
    async env() {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'durability-'));
      return { env: { DATA_DIR: dataDir }, options: { dataDir }, cleanup: async () => {} };
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  targets.push({
    name: 'PostgreSQL',
    async env() {
      // A fresh database; the server gets its URL.
      const database = await createTestDatabase('postgres');
      await database.close();
      return { env: { DATABASE_URL: database.url! }, options: { databaseUrl: database.url! }, cleanup: () => database.drop() };
    },
  });
}

describe.each(targets)('durability on $name', (target) => {
  it('loses nothing to kill -9 right after a 201', async () => {
    const { env, options, cleanup } = await target.env();
    const port = await freePort();
    const first = startServer(env, port);
    await waitUntilReady(first);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await postContact(first.url);
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { id: string }).id);
    }
    first.child.kill('SIGKILL');
    await first.exited;

    // The next start recovers the database (and, on PGlite, takes over the dead process's lock).
    const second = startServer(env, port);
    await waitUntilReady(second);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    expect((await storedIds(options, ids)).sort()).toEqual([...ids].sort());
    await cleanup();
  });

  it('shuts down gracefully on SIGTERM: in-flight requests finish, every 201 is stored, exit 0', async () => {
    const { env, options, cleanup } = await target.env();
    const port = await freePort();
    const server = startServer({ ...env, CONTACT_RATE_LIMIT_MAX: '1000' }, port);
    await waitUntilReady(server);

    const requests = Array.from({ length: 30 }, () =>
      postContact(server.url)
        .then(async (r) => ({ status: r.status, body: r.status === 201 ? ((await r.json()) as { id: string }) : null }))
        .catch(() => ({ status: 0, body: null })),
    );
    // Signal while requests are in flight.
    await new Promise((resolve) => setTimeout(resolve, 15));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const results = await Promise.all(requests);
    expect(await server.exited, server.output()).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(server.output()).toContain('shut down cleanly');

    const created = results.filter((r) => r.status === 201).map((r) => r.body!.id);
    expect(created.length).toBeGreaterThan(0);
    // Nothing failed with a server error: each request either completed or was refused cleanly.
    expect(results.every((r) => [201, 503, 0].includes(r.status))).toBe(true);
    expect((await storedIds(options, created)).sort()).toEqual([...created].sort());
    await cleanup();
  });
});

describe('the embedded database lock', () => {
  it('stops a second server on the same DATA_DIR with a clear error, leaving the first untouched', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    const first = startServer({ DATA_DIR: dataDir }, await freePort());
    await waitUntilReady(first);
    const created = await postContact(first.url);
    expect(created.status).toBe(201);

    const second = startServer({ DATA_DIR: dataDir }, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is in use by another server (pid ${first.child.pid}, listening on ${first.url}`);

    // The first server still works.
    expect((await postContact(first.url)).status).toBe(201);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });
});
