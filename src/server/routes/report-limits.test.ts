import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { photos, visits } from '../db/schema';
import { addPhoto } from '../modules/photos/add-photo';
import {
  REPORTS_BUSY_MESSAGE,
  REPORTS_BUSY_RETRY_SECONDS,
  REPORTS_PER_USER_RETRY_SECONDS,
  reportRenderingLoad,
  reportsPerUserMessage,
} from '../modules/reports/report-rendering';
import { testAppFor, type Caller, type TestAppContext } from '#test/app';
import { testDatabases } from '#test/database';
import { makeJpeg } from '#test/fixtures';
import { createTestVisit, lastMonth } from '#test/visits';

const { month, day, at } = lastMonth();

/**
 * A long month at customer A's and customer B's properties: 26 completed visits each with a
 * checklist, every other one with two before and two after photos (rows sharing the files of
 * four stored photos), so each report takes pdfkit a noticeable while.
 */
async function seedLongMonths(t: TestAppContext) {
  const db = t.app.db;
  for (const propertyId of [t.fixture.customerA.propertyId, t.fixture.customerB.propertyId]) {
    const stored = [];
    for (const color of ['#7c3aed', '#0891b2', '#ca8a04', '#16a34a']) {
      stored.push(
        await addPhoto(db, t.app.photoStorage, { propertyId, data: await makeJpeg({ color }), caption: '', photoType: 'before' }),
      );
    }
    const [file] = await db.select().from(photos).where(eq(photos.id, stored[0]!.id));
    for (let n = 1; n <= 26; n++) {
      const visit = await createTestVisit(db, {
        propertyId,
        scheduledDate: day(n),
        window: { from: '06:00', to: '10:00' },
        checklist: ['Pick up litter in parking areas', 'Empty exterior bins', 'Clear the dumpster corral', 'Blow off sidewalks'],
      });
      await db
        .update(visits)
        .set({ status: 'completed', checkedInAt: at(n, 6, 20), checkedOutAt: at(n, 7, 10), checkInLocationStatus: 'verified' })
        .where(eq(visits.id, visit.id));
      if (n % 2) continue;
      await db.insert(photos).values(
        [0, 1, 2, 3].map((i) => ({
          propertyId,
          visitId: visit.id,
          storageKey: file!.storageKey,
          contentHash: `${file!.contentHash}-${n}-${i}`,
          photoType: i < 2 ? 'before' : 'after',
          width: file!.width,
          height: file!.height,
          variantWidths: file!.variantWidths,
        })),
      );
    }
  }
}

/** Downloads a report over HTTP: the status, Retry-After, and the body (bytes for a PDF, the parsed error otherwise). */
async function download(base: string, url: string, cookie: string | undefined) {
  const response = await fetch(`${base}${url}`, { headers: cookie ? { cookie } : {} });
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    pdf: body.subarray(0, 5).toString() === '%PDF-' ? body : null,
    error: response.headers.get('content-type')?.startsWith('application/json') ? (JSON.parse(body.toString()) as unknown) : null,
  };
}

const urls = (t: TestAppContext): Array<[Caller, string]> => [
  ['staff', `/api/admin/customers/${t.fixture.customerA.id}/reports/${month}.pdf`],
  ['staff', `/api/admin/properties/${t.fixture.customerB.propertyId}/reports/${month}.pdf`],
  ['staff', `/api/admin/customers/${t.fixture.customerB.id}/reports/${month}.pdf`],
  ['customerA', `/api/customer/reports/${month}.pdf`],
  ['customerA', `/api/properties/${t.fixture.customerA.propertyId}/reports/${month}.pdf`],
  ['customerA', `/api/customer/reports/${month}.pdf`],
  ['customerB', `/api/customer/reports/${month}.pdf`],
  ['customerB', `/api/properties/${t.fixture.customerB.propertyId}/reports/${month}.pdf`],
];

describe.each(testDatabases)('monthly reports are drawn off the server’s thread, in bounded numbers, on %s', (kind) => {
  describe('with the default limits', () => {
    const t = testAppFor(kind);

    it('renders 8 PDFs at once while /healthz keeps answering within 100 ms', { timeout: 180_000 }, async () => {
      await seedLongMonths(t);
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      // A warm server, as in production: the health route answered and one report drawn, so what
      // is timed is the rendering, not the first load of the worker's code.
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect((await download(base, `/api/customer/reports/${month}.pdf`, t.cookie('customerB'))).status).toBe(200);

      let rendering = true;
      const timings: number[] = [];
      // For a failure's message: how long the server's thread was held at most (ms).
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const probe = (async () => {
        while (rendering) {
          const started = performance.now();
          const response = await fetch(`${base}/healthz`);
          await response.text();
          timings.push(performance.now() - started);
          expect(response.status).toBe(200);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();
      const busiest = { active: 0, queued: 0 };
      const watch = setInterval(() => {
        const load = reportRenderingLoad();
        busiest.active = Math.max(busiest.active, load.active);
        busiest.queued = Math.max(busiest.queued, load.queued);
      }, 5);
      const results = await Promise.all(urls(t).map(([caller, url]) => download(base, url, t.cookie(caller))));
      rendering = false;
      clearInterval(watch);
      await probe;
      loop.disable();

      // Every download is a whole PDF, two drawn at a time while the others waited their turn.
      for (const result of results) {
        expect(result.status).toBe(200);
        expect(result.pdf!.subarray(-6).toString()).toMatch(/%%EOF\s*$/);
      }
      expect(busiest.active).toBe(2);
      expect(busiest.queued).toBeGreaterThan(0);
      // The server kept answering throughout: many probes, all within 100 ms but for the machine's own
      // scheduling noise. On this 2-core machine shared at a load average near 20, a bare node:http
      // server probed the same way, with no rendering at all, answers about 1 probe in 1,000 in 100 to
      // 150 ms; so 1 in 100 may be slower, and none by seconds. Drawn on the server's thread (with the
      // same queue), 1 probe in 10 took over 100 ms and the slowest 1.5 s; with no queue, 5.8 s.
      const slow = timings.filter((ms) => ms >= 100);
      const seen = `health checks (ms): ${timings.map((ms) => ms.toFixed(0)).join(', ')}; event loop held at most ${(loop.max / 1e6).toFixed(0)} ms`;
      expect(timings.length).toBeGreaterThan(50);
      expect(slow.length, seen).toBeLessThanOrEqual(Math.floor(timings.length / 100));
      expect(Math.max(...timings), seen).toBeLessThan(2000);
    });

    it('refuses a user’s download beyond their share with 429, Retry-After and a message, and serves the next one after', async () => {
      await seedLongMonths(t);
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `/api/customer/reports/${month}.pdf`;
      const results = await Promise.all([1, 2, 3, 4].map(() => download(base, url, t.cookie('customerA'))));
      expect(results.map((result) => result.status).sort()).toEqual([200, 200, 200, 429]);
      const refused = results.find((result) => result.status === 429)!;
      expect(refused.retryAfter).toBe(String(REPORTS_PER_USER_RETRY_SECONDS));
      expect(refused.error).toEqual({ message: reportsPerUserMessage(3) });
      expect(refused.error).toEqual({
        message: 'You already have 3 service reports being prepared. Please wait for them to download, then try again.',
      });
      // Their share is back once the downloads end; another user was never held back by it.
      expect((await download(base, url, t.cookie('customerA'))).status).toBe(200);
      expect(reportRenderingLoad()).toEqual({ active: 0, queued: 0 });
    });
  });

  describe('with downloads cancelled', () => {
    const t = testAppFor(kind);

    it('gives a user’s share and the turn back when they cancel downloads halfway', async () => {
      await seedLongMonths(t);
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `${base}/api/customer/reports/${month}.pdf`;
      for (let round = 0; round < 2; round++) {
        await Promise.all(
          [1, 2, 3].map(async () => {
            const controller = new AbortController();
            const response = await fetch(url, { headers: { cookie: t.cookie('customerA')! }, signal: controller.signal });
            expect(response.status).toBe(200);
            controller.abort();
          }),
        );
      }
      // Six cancelled downloads later the user still has their share, and nothing is left drawing.
      await expect.poll(() => reportRenderingLoad(), { timeout: 20_000 }).toEqual({ active: 0, queued: 0 });
      const again = await download(base, `/api/customer/reports/${month}.pdf`, t.cookie('customerA'));
      expect(again.status).toBe(200);
      expect(again.pdf).not.toBeNull();
      // Some of the aborted fetches' sockets stay open (not yet looked into: undici's or the server's
      // doing); they are closed here so that the app can close.
      t.app.server.closeAllConnections();
    });
  });

  describe('with a queue of one', () => {
    const t = testAppFor(kind, { env: { REPORT_RENDER_CONCURRENCY: '1', REPORT_QUEUE_MAX: '0' } });

    it('refuses a download with 503 and Retry-After while the queue is full, and draws nothing for it', async () => {
      await seedLongMonths(t);
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const [first, second] = await Promise.all([
        download(base, `/api/customer/reports/${month}.pdf`, t.cookie('customerA')),
        download(base, `/api/customer/reports/${month}.pdf`, t.cookie('customerB')),
      ]);
      const statuses = [first!.status, second!.status].sort();
      expect(statuses).toEqual([200, 503]);
      const busy = [first!, second!].find((result) => result.status === 503)!;
      expect(busy.retryAfter).toBe(String(REPORTS_BUSY_RETRY_SECONDS));
      expect(busy.error).toEqual({ message: REPORTS_BUSY_MESSAGE });
      expect(busy.pdf).toBeNull();
      expect(reportRenderingLoad()).toEqual({ active: 0, queued: 0 });
    });
  });
});
