import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PropertyPhoto } from '../../../shared/api/properties';
import { addPhoto } from '../../modules/photos/add-photo';
import { testDatabases } from '#test/database';
import { type Caller, testAppFor } from '#test/app';
import { makeJpeg } from '#test/fixtures';

describe.each(testDatabases)('customer API on %s', (kind) => {
  const t = testAppFor(kind);

  const get = (url: string, who: Caller) => t.app.inject({ url, headers: t.as(who) });

  it('lists only the signed-in customer’s properties, with the fields of SPEC §3', async () => {
    expect((await get('/api/customer/properties', 'anonymous')).statusCode).toBe(401);
    const mine = await get('/api/customer/properties', 'customerA');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([
      {
        id: t.fixture.customerA.propertyId,
        name: 'Plaza A',
        address: '200 Oak Ave',
        city: 'West Allis',
        state: 'WI',
        zipCode: '53214',
        propertyType: 'Retail Center',
      },
    ]);
    expect((await get('/api/customer/properties', 'customerB')).json<Array<{ id: string }>>().map((p) => p.id)).toEqual([
      t.fixture.customerB.propertyId,
    ]);
    expect((await get('/api/customer/properties', 'staff')).json()).toEqual([]);
    expect(mine.headers['cache-control']).toBe('private, no-store');
  });

  it('answers /api/auth/user with 401 when signed out and with a null customer for staff', async () => {
    expect((await get('/api/auth/user', 'anonymous')).statusCode).toBe(401);
    expect((await get('/api/auth/user', 'staff')).json()).toMatchObject({
      user: { email: t.fixture.staffEmail, role: 'owner' },
      customer: null,
    });
  });

  it('enforces the access matrix on photo lists and photo files', async () => {
    const listA = `/api/properties/${t.fixture.customerA.propertyId}/photos`;
    const photos = (await get(listA, 'customerA')).json<PropertyPhoto[]>();
    expect(photos).toHaveLength(1);
    const fileA = photos[0]!.imageUrl;
    expect(fileA).toMatch(new RegExp(`^/api/photos/${t.fixture.customerA.photoId}/\\d+\\.webp$`));

    const matrix: Array<[string, Caller, number]> = [
      [listA, 'anonymous', 401],
      [listA, 'customerA', 200],
      [listA, 'customerB', 404],
      [listA, 'staff', 200],
      [fileA, 'anonymous', 401],
      [fileA, 'customerA', 200],
      [fileA, 'customerB', 404],
      [fileA, 'staff', 200],
      [`/api/properties/${t.fixture.customerB.propertyId}/photos`, 'customerA', 404],
      ['/api/properties/not-a-uuid/photos', 'customerA', 404],
      ['/api/properties/00000000-0000-4000-8000-000000000000/photos', 'staff', 404],
      [`/api/photos/${t.fixture.customerA.photoId}/999.webp`, 'customerA', 404],
      [`/api/photos/${t.fixture.customerA.photoId}/../../etc/passwd`, 'customerA', 404],
      [`/api/photos/${t.fixture.customerA.photoId}/download`, 'anonymous', 401],
      [`/api/photos/${t.fixture.customerA.photoId}/download`, 'customerA', 200],
      [`/api/photos/${t.fixture.customerA.photoId}/download`, 'customerB', 404],
      [`/api/photos/${t.fixture.customerA.photoId}/download`, 'staff', 200],
      ['/api/photos/00000000-0000-4000-8000-000000000000/download', 'customerA', 404],
      ['/api/photos/not-a-uuid/download', 'customerA', 404],
    ];
    for (const [url, who, status] of matrix) expect((await get(url, who)).statusCode, `${who} ${url}`).toBe(status);

    // For another customer the answer is the same as for a property or photo that does not exist.
    expect((await get(listA, 'customerB')).body).toBe(
      (await get('/api/properties/00000000-0000-4000-8000-000000000000/photos', 'customerB')).body,
    );
    const missingDownload = await get('/api/photos/00000000-0000-4000-8000-000000000000/download', 'customerB');
    const foreignDownload = await get(photos[0]!.downloadUrl, 'customerB');
    expect(foreignDownload.body).toBe(missingDownload.body);
    expect(foreignDownload.headers['content-disposition']).toBeUndefined();
  });

  it('serves photo files privately, as WebP, with every variant in srcset, newest first', async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await addPhoto(t.app.db, t.app.photoStorage, {
      propertyId: t.fixture.customerA.propertyId,
      data: await makeJpeg({ width: 3000, height: 2000, color: '#000' }),
      caption: 'After the spring cleanup',
      photoType: 'after',
    });
    const photos = (await get(`/api/properties/${t.fixture.customerA.propertyId}/photos`, 'customerA')).json<PropertyPhoto[]>();
    expect(photos.map((p) => p.id)).toEqual([second.id, t.fixture.customerA.photoId]);
    expect(photos[0]).toMatchObject({ caption: 'After the spring cleanup', photoType: 'after', width: 3000, height: 2000 });
    expect(photos[0]!.srcSet.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['400w', '1200w', '2048w']);
    expect(photos[0]!.imageUrl).toBe(`/api/photos/${second.id}/1200.webp`);
    expect(Date.parse(photos[0]!.uploadDate)).not.toBeNaN();

    const file = await get(photos[0]!.imageUrl, 'customerA');
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('private, no-store');
    const metadata = await sharp(file.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.width).toBe(1200);
  });

  it('offers the largest stored variant as a named download, and says when the photo was taken', async () => {
    const portrait = await addPhoto(t.app.db, t.app.photoStorage, {
      propertyId: t.fixture.customerA.propertyId,
      data: await makeJpeg({ width: 2400, height: 3600, color: '#246' }),
      caption: 'Side lot, 7 a.m.',
      photoType: 'before',
      // 03:30 UTC is still the evening before in Wisconsin.
      takenAt: new Date('2026-10-03T03:30:00Z'),
    });
    const photos = (await get(`/api/properties/${t.fixture.customerA.propertyId}/photos`, 'customerA')).json<PropertyPhoto[]>();
    const listed = photos.find((p) => p.id === portrait.id)!;
    expect(listed).toMatchObject({ width: 2400, height: 3600, takenAt: '2026-10-03T03:30:00.000Z' });
    expect(listed.downloadUrl).toBe(`/api/photos/${portrait.id}/download`);
    expect(photos.find((p) => p.id === t.fixture.customerA.photoId)!.takenAt).toBeNull();

    const download = await get(listed.downloadUrl, 'customerA');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/webp');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="plaza-a-before-2026-10-02-${portrait.id.slice(0, 8)}.webp"`,
    );
    // The largest variant stored: 2048 px wide (the original is not kept), uncropped.
    const metadata = await sharp(download.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 2048, 3072]);
  });

  it('strips GPS and all other metadata from served photos', async () => {
    const withGps = await makeJpeg({
      exif: {
        IFD0: { Make: 'TestCam', Copyright: 'Field crew' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 2/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '87/1 54/1 0/1' },
      },
    });
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const photo = await addPhoto(t.app.db, t.app.photoStorage, {
      propertyId: t.fixture.customerA.propertyId,
      data: withGps,
      caption: 'Geotagged',
      photoType: 'before',
    });
    for (const width of [400, 640]) {
      const file = await get(`/api/photos/${photo.id}/${width}.webp`, 'customerA');
      expect(file.statusCode).toBe(200);
      const metadata = await sharp(file.rawPayload).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      expect(file.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
    }
  });
});
