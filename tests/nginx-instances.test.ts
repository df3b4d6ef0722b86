import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSession } from '../src/server/modules/accounts/sessions';
import { customers, properties, users } from '../src/server/db/schema';
import { makeJpeg } from '#test/fixtures';
import { burst, createdIds, type BurstResult } from '#test/load';
import { multipart } from '#test/multipart';
import { nginxPath, startNginx, type Nginx } from '#test/nginx';
import { startS3 } from '#test/s3';
import { freePort, startServer, waitUntilReady } from '#test/server-process';
import { storedIds, targets, withDatabase } from '#test/targets';

const postgres = targets.find((target) => target.name === 'PostgreSQL');
const LOAD = { total: 600, clients: 12, signalAt: 200 };

const skipReason = !nginxPath
  ? 'nginx is not installed (apt-get install nginx; .ci/run installs it)'
  : !postgres
    ? 'no PostgreSQL to share (set TEST_DATABASE_URL)'
    : null;
if (skipReason) console.warn(`Skipping the nginx + two instances + S3 test: ${skipReason}.`);

const statusCounts = (results: BurstResult[]) => {
  const counts: Record<number, number> = {};
  for (const { status } of results) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

/** Which instance (host:port) answered the last `n` log lines for `uri`, as nginx logged it. */
const answeredBy = (log: string[], uri: string) =>
  log
    .map((line) => line.split('|'))
    .filter(([, , path]) => path === uri)
    .map(([status, , , upstream]) => ({ status: Number(status), upstream: upstream! }));

/** Waits until nginx sends requests to `upstream` again, after it was left out for failing. */
async function backInRotation(nginx: Nginx, upstream: string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    expect((await fetch(`${nginx.url}/readyz`)).status).toBe(200);
    if (answeredBy(nginx.accessLog(), '/readyz').at(-1)?.upstream === upstream) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`nginx did not send requests to ${upstream} again:\n${nginx.accessLog().slice(-8).join('\n')}\n${nginx.errorLog()}`);
}

describe.skipIf(skipReason)('two instances on PostgreSQL behind nginx, photos in S3', () => {
  it('share photos and sign-out, and fail over when an instance stops or dies under load, losing no 201', async () => {
    const { env, options, cleanup } = await postgres!.env();
    const s3 = await startS3();
    const seeded = await withDatabase(options, async (db) => {
      const [owner] = await db
        .insert(users)
        .values({ email: 'dana@lakeshorelotcare.com', firstName: 'Dana', lastName: 'Owner', role: 'owner' })
        .returning();
      const [customer] = await db
        .insert(customers)
        .values({ name: 'Southridge Plaza LLC', email: 'office@southridgeplaza.com', phone: '(414) 555-0142', address: '5300 S 76th St' })
        .returning();
      const [property] = await db
        .insert(properties)
        .values({
          customerId: customer!.id,
          name: 'Southridge Plaza',
          address: '5300 S 76th St',
          city: 'Greendale',
          state: 'WI',
          zipCode: '53129',
          propertyType: 'Retail Center',
        })
        .returning();
      const session = await createSession(db, owner!.id, { secondFactor: 'passkey' });
      return { cookie: `session=${session.id}`, propertyId: property!.id };
    });

    const ports = [await freePort(), await freePort()];
    const shared = { ...env, ...s3.env, TRUST_PROXY: '1', CONTACT_RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'warn' };
    // Each instance has a data directory of its own, as on two hosts.
    const dataDirs = ports.map(() => mkdtempSync(path.join(tmpdir(), 'instance-')));
    const start = (port: number) => startServer({ ...shared, DATA_DIR: dataDirs[ports.indexOf(port)]! }, port);
    let first = start(ports[0]!);
    const second = start(ports[1]!);
    let nginx: Nginx | undefined;
    try {
      await Promise.all([waitUntilReady(first), waitUntilReady(second)]);
      nginx = await startNginx(ports.map((port) => `127.0.0.1:${port}`));

      // A photo uploaded through the first instance…
      const upload = multipart(
        { photoType: 'before', caption: 'North lot, Monday' },
        { name: 'north-lot.jpg', type: 'image/jpeg', data: await makeJpeg() },
      );
      const uploaded = await fetch(`${first.url}/api/admin/properties/${seeded.propertyId}/photos`, {
        method: 'POST',
        headers: { ...upload.headers, cookie: seeded.cookie },
        body: upload.payload,
      });
      expect(uploaded.status, await uploaded.clone().text()).toBe(201);
      const { id: photoId } = (await uploaded.json()) as { id: string };
      // …is in the bucket, not on the first instance's disk…
      // (A 640 px photo has two sizes: 400 px, and its own width.)
      expect((await s3.keys(`properties/${seeded.propertyId}/`)).map((key) => key.split('/').at(-1))).toEqual(['400.webp', '640.webp']);
      expect(readdirSync(dataDirs[0]!, { recursive: true }).filter((file) => String(file).endsWith('.webp'))).toEqual([]);
      // …and the second instance and nginx serve the same bytes.
      const viaFirst = await fetch(`${first.url}/api/photos/${photoId}/400.webp`, { headers: { cookie: seeded.cookie } });
      const viaSecond = await fetch(`${second.url}/api/photos/${photoId}/400.webp`, { headers: { cookie: seeded.cookie } });
      const viaNginx = await fetch(`${nginx.url}/api/photos/${photoId}/400.webp`, { headers: { cookie: seeded.cookie } });
      expect([viaFirst.status, viaSecond.status, viaNginx.status], nginx.errorLog()).toEqual([200, 200, 200]);
      const bytes = Buffer.from(await viaFirst.arrayBuffer());
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(Buffer.from(await viaSecond.arrayBuffer()).equals(bytes)).toBe(true);
      expect(Buffer.from(await viaNginx.arrayBuffer()).equals(bytes)).toBe(true);

      // Signing out through nginx ends the session on both instances.
      const logout = await fetch(`${nginx.url}/api/logout`, {
        headers: { cookie: seeded.cookie, 'sec-fetch-site': 'same-origin' },
        redirect: 'manual',
      });
      expect(logout.status).toBe(302);
      for (const server of [first, second]) {
        expect((await fetch(`${server.url}/api/auth/user`, { headers: { cookie: seeded.cookie } })).status).toBe(401);
        expect((await fetch(`${server.url}/api/photos/${photoId}/400.webp`, { headers: { cookie: seeded.cookie } })).status).toBe(401);
      }

      // A rolling restart under load, as docs/deploy.md does it: the first instance is marked
      // `down` and nginx reloaded, then it is stopped (SIGTERM), started again, and put back.
      // No request fails, and every 201 is stored.
      const firstUpstream = `127.0.0.1:${ports[0]}`;
      const stopped = first;
      let restarted: Promise<void> | undefined;
      const rolling = await burst(nginx.url, LOAD.total, LOAD.clients, (_result, done) => {
        if (done !== LOAD.signalAt) return;
        restarted = (async () => {
          await nginx!.reload([firstUpstream]);
          stopped.child.kill('SIGTERM');
          expect(await stopped.exited, stopped.output()).toBe(0);
          first = start(ports[0]!);
          await waitUntilReady(first);
          await nginx!.reload([]);
        })();
      });
      await restarted;
      expect(statusCounts(rolling)).toEqual({ 201: LOAD.total });
      let ids = createdIds(rolling);
      expect((await storedIds(options, ids)).sort()).toEqual([...ids].sort());
      await backInRotation(nginx, firstUpstream);

      // The second instance dies (SIGKILL) under load.
      const dead = second;
      const crash = await burst(nginx.url, LOAD.total, LOAD.clients, (_result, done) => {
        if (done === LOAD.signalAt) dead.child.kill('SIGKILL');
      });
      await dead.exited;
      // Only requests the dead instance had taken can fail: those in flight, and those its
      // socket took while the process was being torn down. nginx never resends a POST an
      // instance may have received, so the client gets a 502 and may send it again. Every
      // request answered 201 is stored.
      const failed = crash.filter((result) => result.status !== 201);
      expect(failed.length, JSON.stringify(statusCounts(crash))).toBeLessThan(LOAD.total / 10);
      expect(failed.every((result) => result.status === 502)).toBe(true);
      ids = createdIds(crash);
      expect((await storedIds(options, ids)).sort()).toEqual([...ids].sort());

      // The dead instance is out: its /readyz does not answer; the live one's and nginx's do,
      // and every request now goes to the live one without an error.
      await expect(fetch(`${dead.url}/readyz`)).rejects.toThrow();
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
      const after = await burst(nginx.url, 200, LOAD.clients);
      expect(statusCounts(after)).toEqual({ 201: 200 });
      for (let i = 0; i < 5; i++) expect((await fetch(`${nginx.url}/readyz`)).status).toBe(200);
      const log = nginx.accessLog();
      expect(answeredBy(log, '/readyz').slice(-5)).toEqual(Array(5).fill({ status: 200, upstream: firstUpstream }));
      // A request that reached the dead port first shows both ("dead, first"): passed on, not lost.
      expect(
        answeredBy(log, '/api/contact')
          .slice(-200)
          .every((line) => line.status === 201 && line.upstream.endsWith(firstUpstream)),
      ).toBe(true);
      ids = createdIds(after);
      expect((await storedIds(options, ids)).sort()).toEqual([...ids].sort());
    } finally {
      first.child.kill('SIGTERM');
      second.child.kill('SIGKILL');
      await Promise.all([first.exited, second.exited]);
      await nginx?.stop();
      await s3.stop();
      await cleanup();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
