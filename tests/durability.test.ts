import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER } from '../src/shared/api/quote-requests';
import { freePort, startServer, waitFor, waitUntilReady } from '#test/server-process';
import { createTestDataDir } from '#test/database';
import { validContact } from '#test/fixtures';
import { burst, createdIds, postContact } from '#test/load';
import { staffCookie, storedCount, storedIds, targets } from '#test/targets';

const BURST = { total: 2000, clients: 50 };
/** The burst is valid traffic from one address, so the per-IP limit is raised for it. */
const RAISED_LIMIT = { CONTACT_RATE_LIMIT_MAX: '1000000' };

/** Whether a new TCP connection to the port is refused (the server stopped listening). */
const connectionRefused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

/** A quote request sent in two halves over a raw socket, so it is in flight for as long as the test likes. */
function slowRequest(port: number) {
  const body = JSON.stringify({ ...validContact, name: 'Slow Sender' });
  const half = Math.floor(body.length / 2);
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const started = new Promise<void>((resolve) =>
    socket.once('connect', () => {
      socket.write(
        `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
      );
      // Give the server time to read the headers and start on the request.
      setTimeout(resolve, 200);
    }),
  );
  return {
    started,
    async finish() {
      // write, not end: a client that half-closes its side gets no answer from Node.
      socket.write(body.slice(half));
      await ended;
      if (!answer.includes('\r\n\r\n')) throw new Error(`no answer to the slow request: ${JSON.stringify(answer)}`);
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1] ?? 0);
      const id = (JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { id: string }).id;
      return { status, id };
    },
  };
}

describe.each(targets)('under load on $name', (target) => {
  it('stores every one of a 2,000-request burst from 50 clients exactly once, with no 5xx, and the staff count matches', async () => {
    const { env, options, cleanup } = await target.env();
    const cookie = await staffCookie(options);
    const server = startServer({ ...env, ...RAISED_LIMIT, LOG_LEVEL: 'warn' }, await freePort());
    await waitUntilReady(server);

    const results = await burst(server.url, BURST.total, BURST.clients);
    const statuses = new Map<number, number>();
    for (const { status } of results) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    expect(Object.fromEntries(statuses)).toEqual({ 201: BURST.total });
    const ids = createdIds(results);
    expect(new Set(ids).size).toBe(BURST.total);

    const list = await fetch(`${server.url}/api/contact?limit=1`, { headers: { cookie } });
    expect(list.status).toBe(200);
    expect(list.headers.get(TOTAL_COUNT_HEADER)).toBe(String(BURST.total));

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const stored = await storedIds(options, ids);
    expect(stored).toHaveLength(BURST.total);
    expect(new Set(stored).size).toBe(BURST.total);
    await cleanup();
  }, 120_000);

  it('loses nothing to kill -9 in the middle of a burst', async () => {
    const { env, options, cleanup } = await target.env();
    const port = await freePort();
    const first = startServer({ ...env, ...RAISED_LIMIT, LOG_LEVEL: 'warn' }, port);
    await waitUntilReady(first);

    const results = await burst(first.url, BURST.total, BURST.clients, (result, done) => {
      if (done === 300) first.child.kill('SIGKILL');
    });
    await first.exited;
    const ids = createdIds(results);
    expect(ids.length).toBeGreaterThanOrEqual(300 - BURST.clients);
    expect(ids.length).toBeLessThan(BURST.total);

    // The next start recovers the database (and, on PGlite, takes over the dead process's lock).
    const second = startServer(env, port);
    await waitUntilReady(second);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    expect((await storedIds(options, ids)).sort()).toEqual([...ids].sort());
    await cleanup();
  }, 120_000);

  it('shuts down on SIGTERM during a burst: in-flight requests finish, new connections are refused, every 201 is stored, exit 0 within 10 s', async () => {
    const { env, options, cleanup } = await target.env();
    const port = await freePort();
    const server = startServer({ ...env, ...RAISED_LIMIT, LOG_LEVEL: 'warn' }, port);
    await waitUntilReady(server);

    // One request is in flight across the signal: its headers and half its body are sent before it.
    const slow = slowRequest(port);
    await slow.started;

    let signalledAt = 0;
    let refusedWhileFinishing: Promise<boolean> | undefined;
    const results = await burst(server.url, BURST.total, BURST.clients, (_result, done) => {
      if (done !== 300) return;
      signalledAt = Date.now();
      server.child.kill('SIGTERM');
      // The server is still up (the slow request holds it open) but takes no new connections.
      refusedWhileFinishing = waitFor(() => connectionRefused(port), 5000);
    });
    expect(await refusedWhileFinishing).toBe(true);
    expect(server.child.exitCode).toBeNull();
    const finished = await slow.finish();
    expect(finished.status).toBe(201);

    expect(await server.exited, server.output()).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);

    // Each request was stored (201), refused while closing (503), or never connected (0); none failed.
    const statuses = new Set(results.map((r) => r.status));
    expect(
      [...statuses].every((status) => [201, 503, 0].includes(status)),
      [...statuses].join(),
    ).toBe(true);
    const ids = [...createdIds(results), finished.id];
    expect(ids.length).toBeGreaterThanOrEqual(300 - BURST.clients);
    expect((await storedIds(options, ids)).sort()).toEqual([...ids].sort());
    // Nothing was stored without its 201 reaching the client: requests in flight were finished, not cut.
    expect(await storedCount(options)).toBe(ids.length);
    await cleanup();
  }, 120_000);
});

describe('the embedded database lock', () => {
  it('stops a second server on the same DATA_DIR with a clear error, leaving the first untouched', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    await createTestDataDir(dataDir);
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
