import { describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER } from '../src/shared/api/quote-requests';
import { canRunPrivatePostgres, startPrivatePostgres } from '#test/private-postgres';
import { freePort, startServer, waitUntilReady } from '#test/server-process';
import { createdIds, postContact, type BurstResult } from '#test/load';
import { staffCookie, storedIds } from '#test/targets';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(canRunPrivatePostgres)('PostgreSQL stopped during traffic, then started again', () => {
  it('answers 503 with a clear message while it is down, recovers within 5 s of its return without a restart, and loses no 201', async () => {
    const postgres = await startPrivatePostgres();
    const options = { databaseUrl: postgres.url };
    const cookie = await staffCookie(options);
    const server = startServer({ DATABASE_URL: postgres.url, CONTACT_RATE_LIMIT_MAX: '1000000', LOG_LEVEL: 'error' }, await freePort());
    try {
      await waitUntilReady(server);

      // Steady traffic from 5 clients for the whole test.
      const results: BurstResult[] = [];
      let traffic = true;
      const clients = Array.from({ length: 5 }, async () => {
        while (traffic) {
          const response = await postContact(server.url).catch(() => null);
          const body = response ? ((await response.json()) as { id?: string; message?: string }) : {};
          results.push({ status: response?.status ?? 0, id: body.id, message: body.message });
          await sleep(5);
        }
      });
      await sleep(1000);
      expect(results.filter((r) => r.status === 201).length).toBeGreaterThan(10);

      await postgres.stop();
      await sleep(300);
      expect(server.child.exitCode, server.output()).toBeNull();
      const contact = await postContact(server.url);
      expect(contact.status).toBe(503);
      expect(contact.headers.get('retry-after')).toBe('5');
      expect(((await contact.json()) as { message: string }).message).toMatch(/briefly unavailable, so this may not have been saved/);
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'unavailable', message: expect.stringMatching(/not answering/) });
      const inbox = await fetch(`${server.url}/api/contact`, { headers: { cookie } });
      expect(inbox.status).toBe(503);

      await postgres.start();
      const backAt = Date.now();
      let recoveredAt = 0;
      while (Date.now() - backAt < 10_000) {
        const [post, readyz, list] = await Promise.all([
          postContact(server.url),
          fetch(`${server.url}/readyz`),
          fetch(`${server.url}/api/contact?limit=1`, { headers: { cookie } }),
        ]);
        if (post.status === 201 && readyz.status === 200 && list.status === 200) {
          recoveredAt = Date.now();
          break;
        }
        await sleep(100);
      }
      expect(recoveredAt, 'recovered').toBeGreaterThan(0);
      expect(recoveredAt - backAt).toBeLessThan(5000);
      expect(server.child.exitCode).toBeNull();

      await sleep(500);
      traffic = false;
      await Promise.all(clients);

      // Only two answers were ever given: stored, or "unavailable, may not have been saved".
      expect([...new Set(results.map((r) => r.status))].sort()).toEqual([201, 503]);
      expect(results.filter((r) => r.status === 503).every((r) => /may not have been saved/.test(r.message ?? ''))).toBe(true);
      const ids = createdIds(results);
      expect((await storedIds(options, ids)).sort()).toEqual([...ids].sort());
      const list = await fetch(`${server.url}/api/contact?limit=1`, { headers: { cookie } });
      expect(Number(list.headers.get(TOTAL_COUNT_HEADER))).toBeGreaterThanOrEqual(ids.length);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await postgres.destroy();
    }
  }, 90_000);
});
