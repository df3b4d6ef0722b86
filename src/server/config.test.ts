import { describe, expect, it } from 'vitest';
import { MAIL_REQUIRED_MESSAGE, TRUST_PROXY_TRUE_REFUSED, loadConfig } from './config';

describe('loadConfig: mail', () => {
  it('lets a trial on http run without SMTP_URL (e-mails go to the log)', () => {
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    expect(loadConfig({ APP_URL: 'http://192.168.1.20:3000' }).smtpUrl).toBeUndefined();
  });

  it('refuses to start without SMTP_URL when APP_URL is https', () => {
    expect(() => loadConfig({ APP_URL: 'https://lakeshorelotcare.com' })).toThrow(MAIL_REQUIRED_MESSAGE);
  });

  it('refuses to start without SMTP_URL when NODE_ENV is production, even on http', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(MAIL_REQUIRED_MESSAGE);
  });

  it('starts in production once SMTP_URL is set', () => {
    const config = loadConfig({ NODE_ENV: 'production', APP_URL: 'https://lakeshorelotcare.com', SMTP_URL: 'smtp://mail.example.com:587' });
    expect(config.smtpUrl).toBe('smtp://mail.example.com:587');
  });

  it('lets the operator commands run without SMTP_URL: they only queue e-mails for the server', () => {
    expect(loadConfig({ NODE_ENV: 'production', APP_URL: 'https://lakeshorelotcare.com' }, { sendsMail: false }).smtpUrl).toBeUndefined();
  });

  it('says what to set', () => {
    expect(MAIL_REQUIRED_MESSAGE).toMatch(/SMTP_URL/);
    expect(MAIL_REQUIRED_MESSAGE).toMatch(/NODE_ENV=production or an https APP_URL/);
  });
});

describe('loadConfig: TRUST_PROXY', () => {
  it('is off by default, and for "false" or "0"', () => {
    for (const value of [undefined, '', 'false', '0']) expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(false);
  });

  it('refuses "true", whatever its case, naming the safe settings', () => {
    for (const value of ['true', 'TRUE', ' True ']) expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(TRUST_PROXY_TRUE_REFUSED);
    expect(TRUST_PROXY_TRUE_REFUSED).toContain('TRUST_PROXY=1');
  });

  it('trusts a hop count: that many proxies and no more', () => {
    const trust = loadConfig({ TRUST_PROXY: '1' }).trustProxy;
    if (typeof trust !== 'function') throw new Error('a hop count is a function of the hop');
    expect(trust('10.0.0.5', 0)).toBe(true);
    expect(trust('203.0.113.9', 1)).toBe(false);
  });

  it('passes a list of trusted addresses on to Fastify', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }).trustProxy).toBe('127.0.0.1,10.0.0.0/8');
  });
});

describe('loadConfig: photo processing', () => {
  it('decodes two photos at once with eight waiting by default, and takes other whole numbers', () => {
    expect(loadConfig({}).photoProcessing).toEqual({ concurrency: 2, maxWaiting: 8 });
    expect(loadConfig({ PHOTO_PROCESSING_CONCURRENCY: '4', PHOTO_QUEUE_MAX: '0' }).photoProcessing).toEqual({
      concurrency: 4,
      maxWaiting: 0,
    });
    expect(() => loadConfig({ PHOTO_PROCESSING_CONCURRENCY: '0' })).toThrow(/PHOTO_PROCESSING_CONCURRENCY/);
    expect(() => loadConfig({ PHOTO_QUEUE_MAX: '-1' })).toThrow(/PHOTO_QUEUE_MAX/);
  });
});

describe('loadConfig: photos in S3', () => {
  const bucket = { S3_BUCKET: 'lakeshore-photos', S3_REGION: 'us-east-2' };

  it('keeps photos on disk when S3_BUCKET is not set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: '', S3_REGION: '' }).s3).toBeUndefined();
  });

  it('reads the bucket and its settings; without keys, the default AWS credentials', () => {
    expect(loadConfig(bucket).s3).toEqual({
      bucket: 'lakeshore-photos',
      region: 'us-east-2',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
      prefix: '',
    });
    expect(
      loadConfig({
        ...bucket,
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'TRUE',
        S3_PREFIX: '/lakeshore/photos/',
      }).s3,
    ).toEqual({
      bucket: 'lakeshore-photos',
      region: 'us-east-2',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' },
      forcePathStyle: true,
      prefix: 'lakeshore/photos/',
    });
  });

  it('refuses S3_BUCKET without S3_REGION', () => {
    expect(() => loadConfig({ S3_BUCKET: 'lakeshore-photos' })).toThrow('S3_BUCKET is set but S3_REGION is not');
  });

  it('refuses the other S3 settings without S3_BUCKET, rather than keeping photos on this instance’s disk unnoticed', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'https://s3.example.com', S3_REGION: 'us-east-2' })).toThrow(
      'S3_ENDPOINT, S3_REGION are set but S3_BUCKET is not. Set S3_BUCKET to keep photos in that bucket, or unset the S3_* settings',
    );
  });

  it('refuses one key without the other', () => {
    expect(() => loadConfig({ ...bucket, S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toThrow(
      'S3_ACCESS_KEY_ID is set without S3_SECRET_ACCESS_KEY: set both, or neither',
    );
    expect(() => loadConfig({ ...bucket, S3_SECRET_ACCESS_KEY: 'secret' })).toThrow('S3_SECRET_ACCESS_KEY is set without S3_ACCESS_KEY_ID');
  });

  it('refuses an endpoint that is not an http(s) URL, a bucket given as a URL, a path-style flag that is not true or false, and a prefix that climbs', () => {
    expect(() => loadConfig({ ...bucket, S3_ENDPOINT: 's3.example.com' })).toThrow(
      'S3_ENDPOINT must be an http or https URL such as https://s3.us-east-2.amazonaws.com, got "s3.example.com"',
    );
    expect(() => loadConfig({ ...bucket, S3_ENDPOINT: 'ftp://s3.example.com' })).toThrow('S3_ENDPOINT must be an http or https URL');
    expect(() => loadConfig({ ...bucket, S3_BUCKET: 's3://lakeshore-photos' })).toThrow(
      'S3_BUCKET must be the bucket\'s name alone, such as lakeshore-photos, got "s3://lakeshore-photos"',
    );
    expect(() => loadConfig({ ...bucket, S3_FORCE_PATH_STYLE: 'yes' })).toThrow('S3_FORCE_PATH_STYLE must be true or false, got "yes"');
    expect(() => loadConfig({ ...bucket, S3_PREFIX: 'photos/../other' })).toThrow('S3_PREFIX must be a plain path');
  });
});
