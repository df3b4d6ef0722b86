import { describe, expect, it } from 'vitest';
import { BusyError } from '../../errors';
import { BoundedQueue, PHOTOS_BUSY_MESSAGE, photoProcessing } from './processing-queue';
import { testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { makeJpeg } from '#test/fixtures';
import { multipart } from '#test/multipart';

describe('BoundedQueue', () => {
  it('runs at most `concurrency` tasks, keeps `maxWaiting` waiting, and refuses the rest at once', async () => {
    const queue = new BoundedQueue({ concurrency: 2, maxWaiting: 3 });
    const gates: Array<() => void> = [];
    let running = 0;
    let peak = 0;
    const task = () =>
      new Promise<void>((resolve) => {
        running++;
        peak = Math.max(peak, running);
        gates.push(() => {
          running--;
          resolve();
        });
      });
    const results = Array.from({ length: 8 }, () =>
      queue.run(task).then(
        () => 'done' as const,
        (error: unknown) => error,
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect([queue.active, queue.queued, queue.full]).toEqual([2, 3, true]);
    while (gates.length) {
      gates.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const settled = await Promise.all(results);
    expect(settled.filter((result) => result === 'done')).toHaveLength(5);
    const refused = settled.filter((result) => result instanceof BusyError) as BusyError[];
    expect(refused).toHaveLength(3);
    expect(refused[0]).toMatchObject({ statusCode: 503, retryAfterSeconds: 5, message: PHOTOS_BUSY_MESSAGE });
    expect(peak).toBe(2);
    expect([queue.active, queue.queued, queue.full]).toEqual([0, 0, false]);
  });

  it('frees its slot when a task fails', async () => {
    const queue = new BoundedQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error('broken photo')))).rejects.toThrow('broken photo');
    await expect(queue.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});

describe.each(testDatabases)('a burst of large photo uploads, on %s', (kind) => {
  const t = testAppFor(kind, { env: { PHOTO_PROCESSING_CONCURRENCY: '2', PHOTO_QUEUE_MAX: '8' } });

  it('processes two at a time with eight waiting, and answers the rest 503 with Retry-After; they succeed when sent again', async () => {
    const url = `/api/admin/properties/${t.fixture.customerA.propertyId}/photos`;
    // Twenty different 12-megapixel photos, each decoded for real by sharp.
    const photos = await Promise.all(
      Array.from({ length: 20 }, (_, i) => makeJpeg({ width: 4000, height: 3000, color: `#${(0x204060 + i * 0x030507).toString(16)}` })),
    );
    const upload = (data: Buffer) => {
      const body = multipart({ photoType: 'after', caption: '' }, { name: 'lot.jpg', type: 'image/jpeg', data });
      return t.app.inject({ method: 'POST', url, headers: { ...body.headers, ...t.as('staff') }, payload: body.payload });
    };

    let peakActive = 0;
    let peakQueued = 0;
    const sample = setInterval(() => {
      peakActive = Math.max(peakActive, photoProcessing.active);
      peakQueued = Math.max(peakQueued, photoProcessing.queued);
    }, 1);
    const answers = await Promise.all(photos.map(upload)).finally(() => clearInterval(sample));

    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(10);
    const refused = answers.filter((answer) => answer.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toEqual({ message: 'We are busy processing photos. Please try again in a few seconds.' });
    }
    expect(peakActive).toBe(2);
    expect(peakQueued).toBeLessThanOrEqual(8);
    expect([photoProcessing.active, photoProcessing.queued]).toEqual([0, 0]);

    // As the crew phone's outbox does: the refused ones again, later. Every photo is then stored once.
    for (const [i, answer] of answers.entries()) if (answer.statusCode === 503) expect((await upload(photos[i]!)).statusCode).toBe(201);
    const listed = await t.app.inject({ url: `/api/properties/${t.fixture.customerA.propertyId}/photos`, headers: t.as('staff') });
    expect(listed.json<unknown[]>().length).toBeGreaterThanOrEqual(20);
    // Twenty 12-megapixel decodes on a 2-core machine: generous, so a busy CI machine does not fail it.
  }, 120_000);
});
