import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { checkS3Bucket, s3Storage, type S3Settings } from './s3-storage';
import { freePort } from '#test/server-process';
import { startS3, type S3Server } from '#test/s3';

describe('s3Storage, against s3rver', () => {
  let s3: S3Server;
  let settings: S3Settings;
  beforeAll(async () => {
    s3 = await startS3();
    settings = loadConfig(s3.env).s3!;
  });
  afterAll(async () => {
    await s3.stop();
  });

  it('stores and reads objects, answers null for a missing one, and refuses keys that climb out of their folder', async () => {
    const storage = s3Storage(settings);
    const data = Buffer.from('webp bytes \u0000\u00ff');
    await storage.put('properties/p1/a/400.webp', data);
    expect(await storage.get('properties/p1/a/400.webp')).toEqual(data);
    expect(await storage.get('properties/p1/a/missing.webp')).toBeNull();
    for (const key of ['../outside.webp', '/properties/x.webp', 'properties//x.webp', 'properties/./x.webp', ''])
      await expect(storage.put(key, data)).rejects.toThrow('invalid storage key');
    expect(await storage.get('outside.webp')).toBeNull();
  });

  it('puts every key under S3_PREFIX', async () => {
    const prefixed = s3Storage(loadConfig({ ...s3.env, S3_PREFIX: '/lakeshore/photos/' }).s3!);
    await prefixed.put('properties/p2/b/400.webp', Buffer.from('prefixed'));
    expect((await prefixed.get('properties/p2/b/400.webp'))!.toString()).toBe('prefixed');
    const bare = s3Storage(settings);
    expect(await bare.get('properties/p2/b/400.webp')).toBeNull();
    expect((await bare.get('lakeshore/photos/properties/p2/b/400.webp'))!.toString()).toBe('prefixed');
  });

  it('removes a photo folder page by page, and nothing beside it', async () => {
    const storage = s3Storage(settings, { pageSize: 4 });
    const folder = 'properties/p3/c0ffee';
    const inside = Array.from({ length: 11 }, (_, i) => `${folder}/${i}.webp`);
    const beside = [`${folder}-2/400.webp`, 'properties/p3/c0ffef/400.webp', 'properties/p30/c0ffee/400.webp'];
    for (const key of [...inside, ...beside]) await storage.put(key, Buffer.from(key));
    await storage.remove(folder);
    for (const key of inside) expect(await storage.get(key)).toBeNull();
    for (const key of beside) expect((await storage.get(key))!.toString()).toBe(key);
    // Removing what is not there is not an error, as on disk.
    await storage.remove(folder);
  });

  it('removes more than one listing page of objects (S3 answers at most 1000 keys at a time)', async () => {
    const storage = s3Storage(settings);
    const keys = Array.from({ length: 1003 }, (_, i) => `properties/p4/many/${String(i).padStart(4, '0')}.webp`);
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((key) => storage.put(key, Buffer.from('x'))));
    await storage.put('properties/p4/other/400.webp', Buffer.from('kept'));
    await storage.remove('properties/p4/many');
    for (const key of [keys[0]!, keys[999]!, keys[1000]!, keys[1002]!]) expect(await storage.get(key)).toBeNull();
    expect((await storage.get('properties/p4/other/400.webp'))!.toString()).toBe('kept');
  }, 60_000);
});

describe('checkS3Bucket', () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3({ bucket: 'lakeshore-photos' });
  });
  afterAll(async () => {
    await s3.stop();
  });

  it('passes for a bucket that answers', async () => {
    await expect(checkS3Bucket(loadConfig(s3.env).s3!)).resolves.toBeUndefined();
  });

  it('says the bucket does not exist, and which settings to check', async () => {
    await expect(checkS3Bucket(loadConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket' }).s3!)).rejects.toThrow(
      `Photos cannot be stored: the S3 bucket "no-such-bucket" at ${s3.endpoint} cannot be used. It does not exist (404): create it, or correct S3_BUCKET or S3_ENDPOINT.`,
    );
  });

  it('says access was refused when the keys are wrong', async () => {
    await expect(checkS3Bucket(loadConfig({ ...s3.env, S3_ACCESS_KEY_ID: 'WRONG' }).s3!)).rejects.toThrow(
      /Access was refused \(403\): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
  });

  it('says the endpoint cannot be reached when nothing listens there', async () => {
    const endpoint = `http://127.0.0.1:${await freePort()}`;
    await expect(checkS3Bucket(loadConfig({ ...s3.env, S3_ENDPOINT: endpoint }).s3!)).rejects.toThrow(
      /It could not be reached \(ECONNREFUSED.*check S3_ENDPOINT and the network/,
    );
  });
});
