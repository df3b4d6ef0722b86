import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { photos } from '../../db/schema';
import { MAX_INPUT_PIXELS, MAX_UPLOAD_BYTES } from './photo-store';
import { testDatabases } from '#test/database';
import { testAppFor } from '#test/app';
import { makeJpeg } from '#test/fixtures';
import { multipart, multipartHeaders, multipartParts } from '#test/multipart';

/*
 * Hostile uploads to the staff photo endpoint, through the whole app. Every one must be
 * refused with a 4xx and a specific message, and leave nothing behind: no photos row, no
 * file in the photo store, no temporary file. To see temporary files too, TMPDIR points at
 * a private directory for this file (so @fastify/multipart's temporaries would land there),
 * and the test DATA_DIR is made inside it. The bombs must be refused by their header, before
 * any pixel is decoded: the message naming the dimensions comes only from that check, and
 * the time bound is far below what decoding hundreds of megapixels takes.
 */

const formTail = multipartParts({}, { name: '', type: '' }).tail;
const formHead = (fields: Record<string, string>, fileName: string, type = 'image/jpeg') =>
  multipartParts(fields, { name: fileName, type }).head;

/** A multipart/form-data body with photoType, caption and one file, as a browser sends it. */
function form(fileName: string, data: Buffer, fields: Record<string, string> = { photoType: 'before', caption: 'Attack' }): Buffer {
  return multipart(fields, { name: fileName, type: 'image/jpeg', data }).payload;
}

/** A PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG by hand: a header declaring any size (grayscale), the given compressed pixel data, an end. */
function craftPng(width: number, height: number, idat: Buffer, bitDepth = 8): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = 0; // grayscale
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A real JPEG whose frame header (SOF) is rewritten to declare other dimensions. */
async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await makeJpeg({ width: 16, height: 16 }));
  let offset = 2;
  while (offset < jpeg.length) {
    const marker = jpeg[offset + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      jpeg.writeUInt16BE(height, offset + 5);
      jpeg.writeUInt16BE(width, offset + 7);
      return jpeg;
    }
    offset += 2 + jpeg.readUInt16BE(offset + 2);
  }
  throw new Error('no SOF marker');
}

/** Every file under a directory, as paths relative to it. */
function listFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

const systemTmp = tmpdir();

const UNREADABLE = 'This file is not an image we can read. Upload a JPEG, PNG or WebP photo.';
const DAMAGED = 'This image is damaged or incomplete, so it cannot be read. Upload the original photo again.';
const TOO_LARGE = 'Photos must be 20 MB or smaller.';

describe.each(testDatabases)('hostile photo uploads on %s', (kind) => {
  let sandbox: string;
  let previousTmpdir: string | undefined;
  beforeAll(() => {
    sandbox = mkdtempSync(path.join(systemTmp, 'upload-attacks-'));
    previousTmpdir = process.env.TMPDIR;
    process.env.TMPDIR = sandbox;
  });
  afterAll(() => {
    if (previousTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmpdir;
    rmSync(sandbox, { recursive: true, force: true });
  });
  // Registered after the sandbox, so the app's DATA_DIR is made inside it (and dropped before it goes).
  const t = testAppFor(kind);
  let staff: string;
  let url: string;
  let photoDir: string;
  beforeEach(() => {
    expect(t.app.config.dataDir.startsWith(sandbox + path.sep)).toBe(true);
    photoDir = path.join(t.app.config.dataDir, 'photos');
    staff = t.cookie('staff')!;
    url = `/api/admin/properties/${t.fixture.customerA.propertyId}/photos`;
  });

  const photoRows = async () => (await t.app.db.select({ n: count() }).from(photos))[0]!.n;
  const upload = (payload: Buffer | Readable, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...multipartHeaders, cookie: staff, ...headers }, payload });

  /** Runs an upload and checks that it left no row and no file anywhere under the sandbox. */
  async function expectRefusedWithoutTrace(send: () => ReturnType<typeof upload>) {
    const rowsBefore = await photoRows();
    const filesBefore = listFiles(sandbox);
    const started = Date.now();
    const response = await send();
    const elapsed = Date.now() - started;
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(await photoRows()).toBe(rowsBefore);
    expect(listFiles(sandbox)).toEqual(filesBefore);
    return { response, message: response.json<{ message: string }>().message, elapsed };
  }

  describe('files named .jpg and sent as image/jpeg that are not JPEG photos', () => {
    const cases: Array<[string, () => Promise<Buffer> | Buffer, number, string]> = [
      ['a text file', () => Buffer.from('Invoice #4411\nTotal: $1,250.00\n'.repeat(50)), 415, UNREADABLE],
      [
        'an HTML page with a script',
        () => Buffer.from('<!doctype html><html><body><script>fetch("/api/admin/customers")</script></body></html>'),
        415,
        UNREADABLE,
      ],
      [
        'an SVG with a script',
        () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
        415,
        'This file is a svg image. Upload a JPEG, PNG or WebP photo.',
      ],
      ['a PDF', () => Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'), 415, UNREADABLE],
      ['an empty file', () => Buffer.alloc(0), 415, UNREADABLE],
      ['a PNG signature followed by junk', () => Buffer.concat([PNG_SIGNATURE, randomBytes(4096)]), 415, UNREADABLE],
      [
        'a JPEG start-of-image marker followed by junk',
        () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(4096)]),
        415,
        UNREADABLE,
      ],
      ['a valid PNG header with corrupt pixel data', () => craftPng(100, 100, randomBytes(2048)), 415, DAMAGED],
      [
        'a truncated JPEG (its first half)',
        async () => {
          const jpeg = await makeJpeg({ width: 800, height: 600 });
          return jpeg.subarray(0, Math.floor(jpeg.length / 2));
        },
        415,
        DAMAGED,
      ],
      [
        'a GIF',
        () =>
          sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
            .gif()
            .toBuffer(),
        415,
        'This file is a gif image. Upload a JPEG, PNG or WebP photo.',
      ],
    ];

    it.each(cases)('refuses %s with its reason', async (_name, make, status, expected) => {
      const data = await make();
      const { response, message } = await expectRefusedWithoutTrace(() => upload(form('lot-photo.jpg', data)));
      expect(response.statusCode).toBe(status);
      expect(message).toBe(expected);
    });
  });

  describe('decompression bombs: a small file declaring huge pixel dimensions', () => {
    const limitWords = `Photos can be at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`;

    it('refuses a real 20,000 × 20,000 single-colour PNG of a few KB, quickly, naming its size in pixels', async () => {
      // 1-bit grayscale rows of zeros: 400 million pixels that deflate to about 50 KB.
      const rows = Buffer.alloc(20_000 * (1 + 20_000 / 8));
      const bomb = craftPng(20_000, 20_000, deflateSync(rows, { level: 9 }), 1);
      expect(bomb.length).toBeLessThan(500 * 1024);
      // It is a genuine image: its header reads.
      expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ format: 'png', width: 20_000, height: 20_000 });

      const { response, message, elapsed } = await expectRefusedWithoutTrace(() => upload(form('aerial.jpg', bomb)));
      expect(response.statusCode).toBe(413);
      expect(message).toBe(`This image is too large in pixels: 20,000 × 20,000 (400 megapixels). ${limitWords}; upload a smaller copy.`);
      expect(elapsed).toBeLessThan(3000);
    });

    it('refuses a hand-made PNG header declaring 100,000 × 100,000 pixels', async () => {
      const bomb = craftPng(100_000, 100_000, deflateSync(Buffer.alloc(100_001 * 4)));
      const { response, message, elapsed } = await expectRefusedWithoutTrace(() => upload(form('lot.jpg', bomb)));
      expect(response.statusCode).toBe(413);
      expect(message).toMatch(/^This image is too large in pixels: 100,000 × 100,000 \(10,000 megapixels\)\./);
      expect(elapsed).toBeLessThan(3000);
    });

    it('refuses a JPEG whose frame header declares 50,000 × 50,000 pixels', async () => {
      const { response, message, elapsed } = await expectRefusedWithoutTrace(async () =>
        upload(form('lot.jpg', await jpegDeclaring(50_000, 50_000))),
      );
      expect(response.statusCode).toBe(413);
      expect(message).toMatch(/^This image is too large in pixels: 50,000 × 50,000 \(2,500 megapixels\)\./);
      expect(elapsed).toBeLessThan(3000);
    });

    it('draws the line at 100 megapixels: one pixel row over is refused for its size', async () => {
      const over = await expectRefusedWithoutTrace(async () => upload(form('lot.jpg', await jpegDeclaring(10_000, 10_001))));
      expect(over.response.statusCode).toBe(413);
      expect(over.message).toContain('too large in pixels');
      // At the limit the size is allowed; this one is refused only because its pixel data is missing.
      const at = await expectRefusedWithoutTrace(async () => upload(form('lot.jpg', await jpegDeclaring(10_000, 10_000))));
      expect(at.response.statusCode).toBe(415);
      expect(at.message).toBe(DAMAGED);
    });
  });

  describe('a 30 MB file (the limit is 20 MB)', () => {
    const THIRTY_MB = 30 * 1024 * 1024;

    /** A body streamed in 64 KB chunks, counting how much of it the server pulled. */
    function streamedForm(fileBytes: number) {
      const chunk = Buffer.alloc(64 * 1024, 0x41);
      const pieces = [formHead({ photoType: 'before', caption: 'Huge' }, 'huge.jpg')];
      let remaining = fileBytes;
      let sent = 0;
      const body = Readable.from(
        (function* () {
          for (const piece of pieces) {
            sent += piece.length;
            yield piece;
          }
          while (remaining > 0) {
            const piece = remaining >= chunk.length ? chunk : chunk.subarray(0, remaining);
            remaining -= piece.length;
            sent += piece.length;
            yield piece;
          }
          sent += formTail.length;
          yield formTail;
        })(),
        { objectMode: false },
      );
      return { body, total: pieces[0]!.length + fileBytes + formTail.length, sent: () => sent };
    }

    it('refuses a body that declares its size, with 413 and the limit, before reading it', async () => {
      expect(MAX_UPLOAD_BYTES).toBe(20 * 1024 * 1024);
      const streamed = streamedForm(THIRTY_MB);
      const { response, message } = await expectRefusedWithoutTrace(() =>
        upload(streamed.body, { 'content-length': String(streamed.total) }),
      );
      expect(response.statusCode).toBe(413);
      expect(message).toBe(TOO_LARGE);
      // The answer came without the body being read, let alone buffered.
      expect(streamed.sent()).toBeLessThan(2 * 1024 * 1024);
      streamed.body.destroy();
    });

    it('refuses a chunked body (no Content-Length) with 413 and the limit, cut off by the multipart limit as it streams', async () => {
      const streamed = streamedForm(THIRTY_MB);
      const { response, message } = await expectRefusedWithoutTrace(() => upload(streamed.body));
      expect(response.statusCode).toBe(413);
      expect(message).toBe(TOO_LARGE);
    });

    it('refuses a file one byte over 20 MB, and the whole 30 MB body sent in one piece', async () => {
      const justOver = await expectRefusedWithoutTrace(() => upload(form('big.jpg', Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x41))));
      expect(justOver.response.statusCode).toBe(413);
      expect(justOver.message).toBe(TOO_LARGE);
      const whole = await expectRefusedWithoutTrace(() => upload(form('big.jpg', Buffer.alloc(THIRTY_MB, 0x41))));
      expect(whole.response.statusCode).toBe(413);
      expect(whole.message).toBe(TOO_LARGE);
    });
  });

  describe('file names that try to escape the photo directory, with a valid JPEG', () => {
    const marker = randomBytes(6).toString('hex');
    const absoluteTarget = path.join(systemTmp, `upload-attack-${marker}.jpg`);
    const names: Array<[string, string]> = [
      ['a relative path up to /etc', '../../etc/passwd.jpg'],
      ['a deep relative path', `${'../'.repeat(12)}tmp/upload-attack-${marker}.jpg`],
      ['Windows separators', '..\\..\\win.jpg'],
      ['an absolute path', absoluteTarget],
      ['a Windows absolute path', 'C:\\Windows\\System32\\evil.jpg'],
      ['a NUL byte in the name', `evil.jpg\0../../../etc/passwd`],
      ['percent-encoded dots and slashes', '%2e%2e%2f%2e%2e%2fetc%2fpasswd.jpg'],
      ['doubled dots', '....//....//etc/passwd.jpg'],
    ];

    it.each(names)('stores %s under a server-made name inside the photo directory, or refuses it', async (_label, fileName) => {
      const rowsBefore = await photoRows();
      const filesBefore = new Set(listFiles(sandbox));
      const response = await upload(form(fileName, await makeJpeg({ color: `#${randomBytes(3).toString('hex')}` })));
      expect(response.statusCode).toBeLessThan(500);

      const added = listFiles(sandbox).filter((file) => !filesBefore.has(file));
      const photoDirInSandbox = path.relative(sandbox, photoDir);
      if (response.statusCode === 201) {
        const { id } = response.json<{ id: string }>();
        const [row] = await t.app.db.select().from(photos).where(eq(photos.id, id));
        expect(row!.storageKey).toMatch(new RegExp(`^properties/${t.fixture.customerA.propertyId}/[0-9a-f-]{36}$`));
        // The name is not kept anywhere in the row either.
        expect(JSON.stringify(row)).not.toMatch(/passwd|win\.jpg|evil|upload-attack/i);
        expect(added.length).toBe(row!.variantWidths.length);
        for (const file of added) {
          // Strictly inside the photo directory, named by the server only.
          expect(file.startsWith(photoDirInSandbox + path.sep)).toBe(true);
          expect(path.relative(photoDir, path.join(sandbox, file))).toMatch(/^properties\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/\d+\.webp$/);
        }
      } else {
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.json<{ message: string }>().message).toEqual(expect.any(String));
        expect(await photoRows()).toBe(rowsBefore);
        expect(added).toEqual([]);
      }
      // Nothing of the name reached a path, and nothing was written where it pointed.
      for (const file of added) expect(file).not.toMatch(/passwd|win|evil|upload-attack|\.\.|%2e/i);
      expect(existsSync(absoluteTarget)).toBe(false);
      expect(existsSync(path.resolve(photoDir, '../../etc/passwd.jpg'))).toBe(false);
      expect(existsSync(path.resolve(photoDir, 'properties', t.fixture.customerA.propertyId, '../../etc/passwd.jpg'))).toBe(false);
      expect(existsSync(path.join(photoDir, '..', 'win.jpg'))).toBe(false);
      expect(existsSync('/etc/passwd.jpg')).toBe(false);
    });
  });

  describe('malformed multipart bodies are refused with 400, not mistaken for a size problem', () => {
    const MALFORMED = 'The upload was cut off or is not valid multipart/form-data. Please try again.';
    it.each<[string, () => Promise<Buffer>, Record<string, string>]>([
      [
        'a body cut off in the middle of the file',
        async () => {
          const whole = form('lot.jpg', await makeJpeg());
          return whole.subarray(0, whole.length - 2000);
        },
        {},
      ],
      [
        'a boundary that never appears',
        async () => form('lot.jpg', await makeJpeg()),
        { 'content-type': 'multipart/form-data; boundary=other' },
      ],
      ['no boundary at all', async () => form('lot.jpg', await makeJpeg()), { 'content-type': 'multipart/form-data' }],
      ['random bytes', async () => randomBytes(10_000), {}],
    ])('%s', async (_label, make, headers) => {
      const payload = await make();
      const { response, message } = await expectRefusedWithoutTrace(() => upload(payload, headers));
      expect(response.statusCode).toBe(400);
      expect(message).toBe(MALFORMED);
    });

    it('two files in one request, the fields repeated for the second', async () => {
      const payload = Buffer.concat([
        formHead({ photoType: 'before' }, 'a.jpg'),
        await makeJpeg(),
        Buffer.from('\r\n'),
        form('b.jpg', await makeJpeg({ color: '#123456' })),
      ]);
      const { response, message } = await expectRefusedWithoutTrace(() => upload(payload));
      expect(response.statusCode).toBe(400);
      expect(message).toBe('Choose the photo type: before, after or other');
    });
  });

  it('leaves no files behind when the disk fails halfway through storing the variants', async () => {
    const storage = t.app.photoStorage;
    const put = storage.put.bind(storage);
    let writes = 0;
    storage.put = async (key, data) => {
      if (++writes === 2) throw new Error('ENOSPC: no space left on device');
      await put(key, data);
    };
    const rowsBefore = await photoRows();
    const filesBefore = listFiles(sandbox);
    const response = await upload(form('lot.jpg', await makeJpeg({ width: 1600, height: 1200, color: '#445566' })));
    expect(response.statusCode).toBe(500);
    expect(writes).toBe(2);
    expect(await photoRows()).toBe(rowsBefore);
    expect(listFiles(sandbox)).toEqual(filesBefore);
  });

  it('keeps only the re-encoded pixels of a valid JPEG that carries an HTML payload after its end', async () => {
    const polyglot = Buffer.concat([
      await makeJpeg({ color: '#abcdef' }),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const response = await upload(form('polyglot.jpg', polyglot));
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const file = await t.app.inject({ url: `/api/photos/${id}/400.webp`, headers: { cookie: staff } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.rawPayload.toString('latin1')).not.toContain('<script>');
  });
});
