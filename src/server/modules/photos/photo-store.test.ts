import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { diskStorage, MAX_UPLOAD_BYTES, PhotoRejectedError, processPhoto } from './photo-store';
import { makeJpeg } from '#test/fixtures';

describe('processPhoto', () => {
  it('accepts JPEG, PNG and WebP judged by content', async () => {
    const base = sharp({ create: { width: 500, height: 300, channels: 3, background: '#123456' } });
    for (const data of [await base.clone().jpeg().toBuffer(), await base.clone().png().toBuffer(), await base.clone().webp().toBuffer()]) {
      const processed = await processPhoto(data);
      expect(processed.variants.map((v) => v.width)).toEqual([400, 500]);
      expect(processed.width).toBe(500);
    }
  });

  it('rejects other content whatever it is called, with a clear message', async () => {
    const text = Buffer.from('GIF89a... this is not really an image, whatever its name says');
    await expect(processPhoto(text)).rejects.toThrow(PhotoRejectedError);
    await expect(processPhoto(text)).rejects.toThrow('Upload a JPEG, PNG or WebP photo.');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    await expect(processPhoto(gif)).rejects.toThrow('This file is a gif image. Upload a JPEG, PNG or WebP photo.');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(processPhoto(svg)).rejects.toThrow('This file is a svg image.');
  });

  it('rejects files over 20 MB', async () => {
    await expect(processPhoto(Buffer.alloc(MAX_UPLOAD_BYTES + 1))).rejects.toThrow('Photos must be 20 MB or smaller.');
  });

  it('applies the EXIF orientation', async () => {
    // A landscape image flagged "rotate 90°" is a portrait photo.
    const data = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#abc' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const processed = await processPhoto(data);
    expect([processed.width, processed.height]).toEqual([400, 600]);
  });

  it('writes resized WebP variants of about 400, 1200 and 2048 px', async () => {
    const processed = await processPhoto(await makeJpeg({ width: 4000, height: 3000 }));
    expect(processed.variants.map((v) => v.width)).toEqual([400, 1200, 2048]);
    for (const variant of processed.variants) {
      const metadata = await sharp(variant.data).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.width).toBe(variant.width);
    }
  });
});

describe('diskStorage', () => {
  it('stores and reads files under its root, and refuses keys that escape it', async () => {
    const storage = diskStorage(mkdtempSync(path.join(tmpdir(), 'photos-')));
    await storage.put('properties/p1/x/400.webp', Buffer.from('data'));
    expect((await storage.get('properties/p1/x/400.webp'))!.toString()).toBe('data');
    expect(await storage.get('properties/p1/x/missing.webp')).toBeNull();
    await expect(storage.put('../outside.webp', Buffer.from('x'))).rejects.toThrow('invalid storage key');
  });

  it('leaves no temporary file behind when a write fails', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'photos-'));
    const storage = diskStorage(root);
    // A directory where the file should go: the write succeeds, the rename into place fails.
    mkdirSync(path.join(root, 'p1/x/400.webp/occupied'), { recursive: true });
    await expect(storage.put('p1/x/400.webp', Buffer.from('data'))).rejects.toThrow();
    expect(readdirSync(path.join(root, 'p1/x'))).toEqual(['400.webp']);
  });
});
