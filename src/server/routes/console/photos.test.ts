import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { dateInMilwaukee, TAKEN_AT_MESSAGES } from '../../../shared/photo-dates';
import type { PropertyPhoto } from '../../../shared/api/properties';
import { PHOTO_TYPE_MESSAGE } from '../../../shared/staff-schemas';
import { photos } from '../../db/schema';
import { testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { makeJpeg } from '#test/fixtures';
import { multipart } from '#test/multipart';
import { signInAs } from '#test/sign-in';

const json = { 'content-type': 'application/json' };
/** A day after today in Milwaukee, whatever the hour. */
const tomorrow = (): string => dateInMilwaukee(new Date(Date.now() + 36 * 3600 * 1000));

/** Every file under a directory, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

describe.each(testDatabases)('console photos: taken-on dates and edits, on %s', (kind) => {
  const t = testAppFor(kind);
  let staff: string;
  let uploadUrl: string;
  beforeEach(() => {
    staff = t.cookie('staff')!;
    uploadUrl = `/api/admin/properties/${t.fixture.customerA.propertyId}/photos`;
  });

  const upload = (fields: Record<string, string>, data: Buffer) => {
    const body = multipart(fields, { name: 'lot.jpg', type: 'image/jpeg', data });
    return t.app.inject({ method: 'POST', url: uploadUrl, headers: { ...body.headers, cookie: staff }, payload: body.payload });
  };
  // `null` for a signed-out caller (undefined would take the default).
  const patch = (id: string, body: unknown, cookie: string | null = staff) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/admin/photos/${id}`,
      headers: { ...json, ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(body),
    });
  const rowOf = async (id: string) => (await t.app.db.select().from(photos).where(eq(photos.id, id)))[0]!;
  const listed = async () =>
    (await t.app.inject({ url: `/api/properties/${t.fixture.customerA.propertyId}/photos`, headers: t.as('customerA') })).json<
      PropertyPhoto[]
    >();

  /** A real phone-like JPEG taken at 9:30 am on June 14, 2025, with GPS and a camera name. */
  const cameraJpeg = (color = '#2f855a') =>
    makeJpeg({
      color,
      width: 1600,
      height: 1200,
      exif: {
        IFD0: { Make: 'LakeshoreCam', Model: 'Field 1' },
        IFD2: { DateTimeOriginal: '2025:06:14 09:30:00', OffsetTimeOriginal: '-05:00' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 2/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '87/1 54/1 0/1' },
      },
    });

  describe('the taken-on date of an upload', () => {
    it('is read from the EXIF DateTimeOriginal of a real JPEG before the metadata is stripped, and no EXIF is left in the stored files', async () => {
      const data = await cameraJpeg();
      expect((await sharp(data).metadata()).exif).toBeDefined();
      const response = await upload({ photoType: 'before', caption: 'North lot before the sweep' }, data);
      expect(response.statusCode).toBe(201);
      const { id } = response.json<{ id: string }>();

      const row = await rowOf(id);
      expect(row.takenAt?.toISOString()).toBe('2025-06-14T14:30:00.000Z');
      expect((await listed()).find((photo) => photo.id === id)?.takenAt).toBe('2025-06-14T14:30:00.000Z');

      // Every variant on disk: no EXIF, XMP or IPTC, and none of the camera's words.
      const stored = filesUnder(path.join(t.app.config.dataDir, 'photos', row.storageKey));
      expect(stored.map((file) => path.basename(file)).sort()).toEqual(['1200.webp', '1600.webp', '400.webp']);
      for (const file of stored) {
        const bytes = readFileSync(file);
        const metadata = await sharp(bytes).metadata();
        expect(metadata.exif, file).toBeUndefined();
        expect(metadata.xmp, file).toBeUndefined();
        expect(metadata.iptc, file).toBeUndefined();
        expect(bytes.includes(Buffer.from('LakeshoreCam')), file).toBe(false);
        expect(bytes.includes(Buffer.from('2025:06:14')), file).toBe(false);
      }
    });

    it('is none for a photo without EXIF, and a date sent by staff wins over the camera’s', async () => {
      const plain = await upload({ photoType: 'after' }, await makeJpeg({ color: '#111' }));
      expect((await rowOf(plain.json<{ id: string }>().id)).takenAt).toBeNull();

      const typed = await upload({ photoType: 'after', takenAt: '2025-05-01' }, await cameraJpeg('#222'));
      expect((await rowOf(typed.json<{ id: string }>().id)).takenAt?.toISOString()).toBe('2025-05-01T17:00:00.000Z');

      // The camera's day, sent as a date alone (as the form prefills it): the camera's time is kept.
      const sameDay = await upload({ photoType: 'after', takenAt: '2025-06-14' }, await cameraJpeg('#333'));
      expect((await rowOf(sameDay.json<{ id: string }>().id)).takenAt?.toISOString()).toBe('2025-06-14T14:30:00.000Z');

      // An empty field: no date, whatever the camera says.
      const cleared = await upload({ photoType: 'after', takenAt: '' }, await cameraJpeg('#444'));
      expect(cleared.statusCode).toBe(201);
      expect((await rowOf(cleared.json<{ id: string }>().id)).takenAt).toBeNull();
    });

    it('ignores a camera date later than today (a clock never set), keeping the photo', async () => {
      const data = await makeJpeg({ color: '#555', exif: { IFD2: { DateTimeOriginal: '2099:01:01 10:00:00' } } });
      const response = await upload({ photoType: 'other' }, data);
      expect(response.statusCode).toBe(201);
      expect((await rowOf(response.json<{ id: string }>().id)).takenAt).toBeNull();
    });

    it.each<[string, () => string, string]>([
      ['a date later than today', tomorrow, TAKEN_AT_MESSAGES.future],
      ['an unparseable date', () => 'last Tuesday', TAKEN_AT_MESSAGES.invalid],
      ['a day that does not exist', () => '2025-02-30', TAKEN_AT_MESSAGES.invalid],
      ['a date before 1990', () => '1970-01-01', TAKEN_AT_MESSAGES.tooEarly],
    ])('refuses %s with its message and stores nothing', async (_label, value, message) => {
      const before = (await t.app.db.select().from(photos)).length;
      const response = await upload({ photoType: 'before', takenAt: value() }, await makeJpeg({ color: '#666' }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, errors: { takenAt: message } });
      expect((await t.app.db.select().from(photos)).length).toBe(before);
      expect(filesUnder(path.join(t.app.config.dataDir, 'photos')).length).toBe(before * 2);
    });

    it('still requires a valid type for each file', async () => {
      for (const fields of [{}, { photoType: '' }, { photoType: 'During' }] as Array<Record<string, string>>) {
        const response = await upload(fields, await makeJpeg({ color: '#777' }));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: PHOTO_TYPE_MESSAGE, errors: { photoType: PHOTO_TYPE_MESSAGE } });
      }
      expect((await listed()).length).toBe(1);
    });
  });

  describe('PATCH /api/admin/photos/:id', () => {
    it('changes the type, caption and taken-on date, and the portal shows them', async () => {
      const id = t.fixture.customerA.photoId;
      const response = await patch(id, { photoType: 'after', caption: '  Entrance after the spring cleanup  ', takenAt: '2025-04-18' });
      expect(response.statusCode).toBe(200);
      expect(response.json<PropertyPhoto>()).toMatchObject({
        id,
        photoType: 'after',
        caption: 'Entrance after the spring cleanup',
        takenAt: '2025-04-18T17:00:00.000Z',
      });
      expect(await listed()).toEqual([response.json()]);

      // A field left out stays; null removes the date.
      expect((await patch(id, { caption: 'Entrance, April' })).json()).toMatchObject({
        photoType: 'after',
        takenAt: '2025-04-18T17:00:00.000Z',
      });
      expect((await patch(id, { takenAt: null })).json()).toMatchObject({ caption: 'Entrance, April', takenAt: null });
      expect((await rowOf(id)).takenAt).toBeNull();
    });

    it('keeps the camera’s time when the same day is saved again, and takes an exact time', async () => {
      const uploaded = await upload({ photoType: 'before' }, await cameraJpeg('#888'));
      const id = uploaded.json<{ id: string }>().id;
      expect((await patch(id, { photoType: 'before', caption: 'Unchanged day', takenAt: '2025-06-14' })).json()).toMatchObject({
        takenAt: '2025-06-14T14:30:00.000Z',
      });
      expect((await patch(id, { takenAt: '2025-06-15T07:45:00-05:00' })).json()).toMatchObject({ takenAt: '2025-06-15T12:45:00.000Z' });
    });

    it.each<[string, Record<string, unknown>, Record<string, string>]>([
      ['an unknown type', { photoType: 'during' }, { photoType: PHOTO_TYPE_MESSAGE }],
      ['a caption over 500 characters', { caption: 'x'.repeat(501) }, { caption: 'Captions can be at most 500 characters' }],
      ['a caption that is not text', { caption: 42 }, { caption: 'Captions must be text' }],
      ['a caption with a NUL byte', { caption: 'North\u0000lot' }, { caption: 'The caption contains an invalid character' }],
      ['a date later than today', { takenAt: tomorrow() }, { takenAt: TAKEN_AT_MESSAGES.future }],
      ['an unparseable date', { takenAt: '14/06/2025' }, { takenAt: TAKEN_AT_MESSAGES.invalid }],
      ['a date that is a number', { takenAt: 20250614 }, { takenAt: TAKEN_AT_MESSAGES.invalid }],
      ['nothing to change', {}, { form: 'Send at least one of photoType, caption or takenAt to change' }],
      ['only fields the API does not know', { color: 'red' }, { form: 'Send at least one of photoType, caption or takenAt to change' }],
      [
        'a bad type and a bad date together',
        { photoType: '', caption: 'Fine', takenAt: 'soon' },
        { photoType: PHOTO_TYPE_MESSAGE, takenAt: TAKEN_AT_MESSAGES.invalid },
      ],
    ])('refuses %s with { message, errors } and changes nothing', async (_label, body, errors) => {
      const id = t.fixture.customerA.photoId;
      const before = await rowOf(id);
      const response = await patch(id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: Object.values(errors).join('; '), errors });
      expect(await rowOf(id)).toEqual(before);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-photo']) {
        const response = await patch(id, { caption: 'Nobody' });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Not found' });
      }
    });

    it('is for office staff: 401 signed out, 403 for a crew member and a customer, and nothing changes', async () => {
      const id = t.fixture.customerA.photoId;
      const before = await rowOf(id);
      expect((await patch(id, { caption: 'Anonymous' }, null)).statusCode).toBe(401);
      for (const cookie of [(await signInAs(t.app, 'crew')).cookie, t.cookie('customerA')!]) {
        const response = await patch(id, { caption: 'Not allowed' }, cookie);
        expect(response.statusCode).toBe(403);
        expect(response.json<{ message: string }>().message).toEqual(expect.any(String));
      }
      expect(await rowOf(id)).toEqual(before);
      expect((await patch(id, { caption: 'Office edit' }, (await signInAs(t.app, 'office')).cookie)).statusCode).toBe(200);
    });
  });
});
