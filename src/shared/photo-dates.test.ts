import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { exifTakenAt, jpegExif } from './exif';
import { dateInMilwaukee, parseTakenAt, TAKEN_AT_MESSAGES, takenAtProblem, takenOnField } from './photo-dates';
import { photoFieldsSchema, photoUpdateSchema, takenOnFieldSchema } from './staff-schemas';

/** A real JPEG with EXIF data written by sharp (IFD2 is the Exif IFD, where DateTimeOriginal lives). */
const jpegWithExif = (exif: Record<string, string>, ifd0: Record<string, string> = {}) =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: '#5a7' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Google', Model: 'Pixel 8', ...ifd0 }, IFD2: exif })
    .toBuffer();

describe('taken-on dates', () => {
  it('reads a date alone as noon in Milwaukee, in summer (CDT) and winter (CST)', () => {
    expect(parseTakenAt('2026-07-02')?.toISOString()).toBe('2026-07-02T17:00:00.000Z');
    expect(parseTakenAt('2026-01-15')?.toISOString()).toBe('2026-01-15T18:00:00.000Z');
  });

  it('reads an ISO date and time with its offset exactly', () => {
    expect(parseTakenAt('2026-10-02T14:35:00-05:00')?.toISOString()).toBe('2026-10-02T19:35:00.000Z');
    expect(parseTakenAt('2026-10-02T19:35Z')?.toISOString()).toBe('2026-10-02T19:35:00.000Z');
  });

  it.each(['', 'yesterday', '10/02/2026', '2026-02-30', '2026-13-01', '2026-10-02T24:00:00Z', '2026-10-02T10:00:00', '20261002'])(
    'refuses %j as unparseable',
    (value) => expect(parseTakenAt(value)).toBeNull(),
  );

  it('shows an instant as its calendar day in Milwaukee, not in UTC', () => {
    // 9 pm in Milwaukee on October 2 is already October 3 in UTC.
    expect(dateInMilwaukee(new Date('2026-10-03T02:00:00Z'))).toBe('2026-10-02');
    expect(takenOnField('2026-10-03T02:00:00Z')).toBe('2026-10-02');
    expect(takenOnField(null)).toBe('');
  });

  it('refuses a day after today in Milwaukee and a day before 1990, and takes today', () => {
    const now = new Date('2026-10-02T23:30:00-05:00'); // already October 3 in UTC
    expect(takenAtProblem(parseTakenAt('2026-10-02')!, now)).toBeNull();
    expect(takenAtProblem(parseTakenAt('2026-10-03')!, now)).toBe(TAKEN_AT_MESSAGES.future);
    expect(takenAtProblem(parseTakenAt('1989-12-31')!, now)).toBe(TAKEN_AT_MESSAGES.tooEarly);
  });

  it('gives each bad value its own message in the shared schemas', () => {
    const errorOf = (takenAt: unknown) => photoUpdateSchema.safeParse({ takenAt }).error?.issues[0]?.message;
    const tomorrow = dateInMilwaukee(new Date(Date.now() + 36 * 3600 * 1000));
    expect(errorOf('2026-02-30')).toBe(TAKEN_AT_MESSAGES.invalid);
    expect(errorOf(20261002)).toBe(TAKEN_AT_MESSAGES.invalid);
    expect(errorOf(tomorrow)).toBe(TAKEN_AT_MESSAGES.future);
    expect(errorOf('1975-06-01')).toBe(TAKEN_AT_MESSAGES.tooEarly);
    expect(errorOf('2025-06-01')).toBeUndefined();
    expect(errorOf(null)).toBeUndefined();
    expect(photoFieldsSchema.safeParse({ caption: 'x' }).error?.issues[0]?.message).toBe('Choose the photo type: before, after or other');
    // The console's date field: empty is "no date"; anything else is checked the same way.
    expect(takenOnFieldSchema.safeParse('').success).toBe(true);
    expect(takenOnFieldSchema.safeParse(tomorrow).error?.issues[0]?.message).toBe(TAKEN_AT_MESSAGES.future);
    expect(photoUpdateSchema.safeParse({}).error?.issues[0]?.message).toBe('Send at least one of photoType, caption or takenAt to change');
  });
});

describe('the EXIF date', () => {
  it('reads DateTimeOriginal as Milwaukee time from a real JPEG, through sharp and from the file’s bytes', async () => {
    const jpeg = await jpegWithExif({ DateTimeOriginal: '2025:06:14 09:30:00' });
    const expected = '2025-06-14T14:30:00.000Z'; // 9:30 CDT
    expect(exifTakenAt((await sharp(jpeg).metadata()).exif)?.toISOString()).toBe(expected);
    expect(exifTakenAt(jpegExif(new Uint8Array(jpeg)))?.toISOString()).toBe(expected);
  });

  it('uses OffsetTimeOriginal when the camera wrote one', async () => {
    const jpeg = await jpegWithExif({ DateTimeOriginal: '2025:06:14 09:30:00', OffsetTimeOriginal: '-07:00' });
    expect(exifTakenAt(jpegExif(jpeg))?.toISOString()).toBe('2025-06-14T16:30:00.000Z');
  });

  it('reads big-endian EXIF too (as a PNG’s eXIf chunk may hold)', () => {
    // MM header, IFD0 with one entry (the Exif IFD pointer), an Exif IFD with DateTimeOriginal.
    const date = Buffer.from('2024:11:30 16:05:00\0', 'latin1');
    const tiff = Buffer.alloc(8 + 18 + 18 + date.length);
    tiff.write('MM', 0, 'latin1');
    tiff.writeUInt16BE(42, 2);
    tiff.writeUInt32BE(8, 4);
    tiff.writeUInt16BE(1, 8);
    tiff.writeUInt16BE(0x8769, 10);
    tiff.writeUInt16BE(4, 12);
    tiff.writeUInt32BE(1, 14);
    tiff.writeUInt32BE(26, 18);
    tiff.writeUInt16BE(1, 26);
    tiff.writeUInt16BE(0x9003, 28);
    tiff.writeUInt16BE(2, 30);
    tiff.writeUInt32BE(date.length, 32);
    tiff.writeUInt32BE(44, 36);
    date.copy(tiff, 44);
    expect(exifTakenAt(tiff)?.toISOString()).toBe('2024-11-30T22:05:00.000Z'); // 4:05 pm CST
  });

  it('finds nothing, without throwing, in photos without a date and in damaged or hostile data', async () => {
    const plain = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    expect(jpegExif(plain)).toBeNull();
    expect(exifTakenAt(jpegExif(await jpegWithExif({ ExposureTime: '1/250' })))).toBeNull();
    expect(exifTakenAt(jpegExif(await jpegWithExif({ DateTimeOriginal: '0000:00:00 00:00:00' })))).toBeNull();
    const real = (await jpegWithExif({ DateTimeOriginal: '2025:06:14 09:30:00' })).subarray(0, 400);
    // Every truncation, and offsets pointing far outside the data.
    for (let length = 0; length < real.length; length += 7) expect(() => exifTakenAt(jpegExif(real.subarray(0, length)))).not.toThrow();
    const pointingAway = Buffer.from(jpegExif(real)!);
    pointingAway.writeUInt32LE(0xfffffff0, 6 + 4);
    expect(exifTakenAt(pointingAway)).toBeNull();
    expect(exifTakenAt(Buffer.from('not exif at all'))).toBeNull();
    expect(exifTakenAt(undefined)).toBeNull();
  });
});
