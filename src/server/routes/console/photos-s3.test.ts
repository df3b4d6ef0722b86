import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PropertyPhoto } from '../../../shared/api/properties';
import { photos } from '../../db/schema';
import { type Caller, testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { makeJpeg } from '#test/fixtures';
import { multipart } from '#test/multipart';
import { startS3, type S3Server } from '#test/s3';

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.stop();
});

/** What the photo routes answered on the first store, to hold the second to it: status and headers. */
const firstAnswers = new Map<string, { statusCode: number; headers: Record<string, unknown> }>();

describe.each(testDatabases.flatMap((kind) => [[kind, 'disk'] as const, [kind, 'S3'] as const]))(
  'the photo routes answer alike whatever the store: %s, photos on %s',
  (kind, store) => {
    const t = testAppFor(kind, { env: () => (store === 'S3' ? s3.env : {}) });

    it('serves, refuses and misses photo files with the same status codes and headers', async () => {
      const { photoId } = t.fixture.customerA;
      const [row] = await t.app.db.select({ storageKey: photos.storageKey }).from(photos).where(eq(photos.id, photoId));
      const [listed] = (
        await t.app.inject({ url: `/api/properties/${t.fixture.customerA.propertyId}/photos`, headers: t.as('customerA') })
      ).json<PropertyPhoto[]>();
      const requests: Array<[label: string, url: string, who: Caller]> = [
        ['a file', listed!.imageUrl, 'customerA'],
        ['a file, for staff', listed!.imageUrl, 'staff'],
        ['the download', listed!.downloadUrl, 'customerA'],
        ['another customer’s file', listed!.imageUrl, 'customerB'],
        ['a file, signed out', listed!.imageUrl, 'anonymous'],
        ['a width not stored', `/api/photos/${photoId}/999.webp`, 'customerA'],
      ];
      const answer = async (label: string, url: string, who: Caller) => {
        const response = await t.app.inject({ url, headers: t.as(who) });
        const headers = { ...response.headers, date: undefined, 'x-request-id': undefined };
        // The download's file name ends with the start of the photo's id, which each seeding draws anew.
        const seen = {
          statusCode: response.statusCode,
          headers: JSON.parse(JSON.stringify(headers).replaceAll(photoId.slice(0, 8), 'PHOTO-ID')),
        };
        const key = `${kind}: ${label}`;
        if (firstAnswers.has(key)) expect(seen, `${label} on ${store}`).toEqual(firstAnswers.get(key));
        else firstAnswers.set(key, seen);
        return response;
      };
      for (const [label, url, who] of requests) await answer(label, url, who);
      expect((await answer('a file', listed!.imageUrl, 'customerA')).headers['cache-control']).toBe('private, no-store');

      // The store lost the files (removed behind the app's back): 404, on either store.
      await t.app.photoStorage.remove(row!.storageKey);
      expect((await answer('a lost file', listed!.imageUrl, 'customerA')).statusCode).toBe(404);
    });
  },
);

describe.each(testDatabases)('photos in an S3 bucket, on %s', (kind) => {
  const t = testAppFor(kind, { env: () => s3.env });

  const upload = (data: Buffer, name = 'lot.jpg') => {
    const body = multipart({ photoType: 'before', caption: 'North lot' }, { name, type: 'image/jpeg', data });
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/properties/${t.fixture.customerA.propertyId}/photos`,
      headers: { ...body.headers, cookie: t.cookie('staff')! },
      payload: body.payload,
    });
  };
  const storageKeyOf = async (id: string) =>
    (await t.app.db.select({ storageKey: photos.storageKey }).from(photos).where(eq(photos.id, id)))[0]!.storageKey;

  it('stores an upload’s variants in the bucket, not on disk, and serves them back through the photo routes', async () => {
    const response = await upload(await makeJpeg({ width: 1600, height: 1200, color: '#2f855a' }));
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const storageKey = await storageKeyOf(id);
    expect(await s3.keys(`${storageKey}/`)).toEqual([`${storageKey}/1200.webp`, `${storageKey}/1600.webp`, `${storageKey}/400.webp`]);
    expect(existsSync(path.join(t.app.config.dataDir, 'photos'))).toBe(false);

    const file = await t.app.inject({ url: `/api/photos/${id}/1200.webp`, headers: t.as('customerA') });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.rawPayload).toEqual(await t.app.photoStorage.get(`${storageKey}/1200.webp`));
    const download = await t.app.inject({ url: `/api/photos/${id}/download`, headers: t.as('customerA') });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(await t.app.photoStorage.get(`${storageKey}/1600.webp`));
  });

  it('stores nothing for a refused upload', async () => {
    const before = await s3.keys();
    const response = await upload(Buffer.from('GIF89a... not a photo at all'), 'lot.gif');
    expect(response.statusCode).toBe(415);
    expect(response.json<{ message: string }>().message).toMatch(/Upload a JPEG, PNG or WebP photo/);
    expect(await s3.keys()).toEqual(before);
  });

  it('removes a deleted photo’s objects, and a deleted property’s, and no one else’s', async () => {
    const { id } = (await upload(await makeJpeg({ width: 900, height: 600, color: '#123' }))).json<{ id: string }>();
    const uploadedKey = await storageKeyOf(id);
    const seededKey = await storageKeyOf(t.fixture.customerA.photoId);
    const otherCustomersKey = await storageKeyOf(t.fixture.customerB.photoId);
    expect(await s3.keys(`${uploadedKey}/`)).not.toEqual([]);

    const staff = { cookie: t.cookie('staff')! };
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/photos/${id}`, headers: staff })).statusCode).toBe(204);
    expect(await s3.keys(`${uploadedKey}/`)).toEqual([]);
    expect(await s3.keys(`${seededKey}/`)).not.toEqual([]);

    const propertyUrl = `/api/admin/properties/${t.fixture.customerA.propertyId}`;
    expect((await t.app.inject({ method: 'DELETE', url: propertyUrl, headers: staff })).statusCode).toBe(204);
    expect(await s3.keys(`properties/${t.fixture.customerA.propertyId}/`)).toEqual([]);
    expect(await s3.keys(`${otherCustomersKey}/`)).not.toEqual([]);
  });
});
