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
