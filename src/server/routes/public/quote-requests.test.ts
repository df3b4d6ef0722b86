import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_LABEL, HONEYPOT_FIELD, quoteRequestMessages } from '../../../shared/quote-request-schema';
import { quoteRequests } from '../../db/schema';
import { createTestDatabase, emptyTables, type TestDatabase, testDatabases } from '#test/database';
import { createTestApp, testAppFor } from '#test/app';
import { validContact } from '#test/fixtures';

const json = { 'content-type': 'application/json' };

describe.each(testDatabases)('POST /api/contact on %s', (kind) => {
  const t = testAppFor(kind, { seed: false });

  const post = (payload: unknown, headers: Record<string, string> = json) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers,
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const storedRows = async () => (await t.database.db.select({ n: count() }).from(quoteRequests))[0]!.n;

  it('stores a valid request and answers 201 with its id and time, with consent evidence', async () => {
    const response = await post(validContact, { ...json, 'user-agent': 'Mozilla/5.0 Test', 'x-forwarded-for': '203.0.113.9' });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; submittedAt: string }>();
    expect(Object.keys(body).sort()).toEqual(['id', 'submittedAt']);
    expect(new Date(body.submittedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const [row] = await t.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, body.id));
    expect(row).toMatchObject({
      name: validContact.name,
      email: validContact.email,
      phone: validContact.phone,
      service: validContact.service,
      message: validContact.message,
      consent: true,
      consentText: CONSENT_LABEL,
      userAgent: 'Mozilla/5.0 Test',
      isSpam: false,
    });
    expect(row!.consentedAt).toBeInstanceOf(Date);
    // TRUST_PROXY is off, so X-Forwarded-For is ignored and the socket address is kept.
    expect(row!.clientIp).toBe('127.0.0.1');
  });

  it('drops unknown fields and keeps the optional bounded ones', async () => {
    const response = await post({ ...validContact, propertySize: '3 acres', urgency: 'This week', isSpam: false, id: 'x', admin: true });
    expect(response.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(quoteRequests);
    expect(row!.propertySize).toBe('3 acres');
    expect(row!.urgency).toBe('This week');
    expect(row!.id).not.toBe('x');
  });

  it.each([
    ['name too short', { name: 'J' }, 'name', quoteRequestMessages.nameShort],
    ['name too long', { name: 'J'.repeat(51) }, 'name', quoteRequestMessages.nameLong],
    ['invalid email', { email: 'jane@' }, 'email', quoteRequestMessages.email],
    ['invalid phone', { phone: '0414 555' }, 'phone', quoteRequestMessages.phone],
    ['missing service', { service: '' }, 'service', quoteRequestMessages.service],
    ['unknown service', { service: 'Snow Plowing' }, 'service', quoteRequestMessages.service],
    ['message too short', { message: 'Too short' }, 'message', quoteRequestMessages.messageShort],
    ['message too long', { message: 'x'.repeat(501) }, 'message', quoteRequestMessages.messageLong],
    ['no consent', { consent: false }, 'consent', quoteRequestMessages.consent],
    ['consent as a string', { consent: 'true' }, 'consent', quoteRequestMessages.consent],
    ['property size too long', { propertySize: 'x'.repeat(101) }, 'propertySize', quoteRequestMessages.propertySize],
    ['urgency too long', { urgency: 'x'.repeat(51) }, 'urgency', quoteRequestMessages.urgency],
  ])('answers 400 for %s with the form’s message, and stores nothing', async (_case, change, field, message) => {
    const response = await post({ ...validContact, ...change });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; errors: Record<string, string> }>();
    expect(body.message).toEqual(expect.any(String));
    expect(body.errors).toEqual({ [field]: message });
    expect(await storedRows()).toBe(0);
  });

  it('lists every invalid field of an empty object', async () => {
    const response = await post({});
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors).sort()).toEqual(['consent', 'email', 'message', 'name', 'service']);
    expect(await storedRows()).toBe(0);
  });

  it('answers 415 for a body that is not JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await post('name=Jane', { 'content-type': type });
      expect(response.statusCode, type).toBe(415);
    }
    expect(await storedRows()).toBe(0);
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await post('{"name": ', json);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON, or uses a reserved key such as "__proto__"' });
  });

  it('answers 413 for a body over 16 KB', async () => {
    const response = await post({ ...validContact, padding: 'x'.repeat(17 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(await storedRows()).toBe(0);
  });

  it('accepts a filled honeypot with the same 201 but stores the row as spam', async () => {
    const response = await post({ ...validContact, [HONEYPOT_FIELD]: 'https://cheap-pills.example' });
    expect(response.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(quoteRequests);
    expect(row!.isSpam).toBe(true);
  });

  it('refuses cross-site requests with 403 and stores nothing', async () => {
    const fromOtherSite = await post(validContact, { ...json, origin: 'https://evil.example' });
    expect(fromOtherSite.statusCode).toBe(403);
    const fetchSite = await post(validContact, { ...json, 'sec-fetch-site': 'cross-site' });
    expect(fetchSite.statusCode).toBe(403);
    expect(await storedRows()).toBe(0);

    const sameOrigin = await post(validContact, { ...json, origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.statusCode).toBe(201);
  });
});

describe.each(testDatabases)('rate limit on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('answers 429 with Retry-After after the configured number of requests per IP', async () => {
    const app = await createTestApp(database, {}, { CONTACT_RATE_LIMIT_MAX: '3' });
    try {
      const send = () => app.inject({ method: 'POST', url: '/api/contact', headers: json, payload: JSON.stringify(validContact) });
      for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(201);
      const limited = await send();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json<{ message: string }>().message).toMatch(/Too many requests/);
      // Another client is not affected.
      const other = await app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: json,
        payload: JSON.stringify(validContact),
        remoteAddress: '198.51.100.7',
      });
      expect(other.statusCode).toBe(201);
    } finally {
      await app.close();
      await emptyTables(database);
    }
  });

  it.runIf(kind === 'postgres')('is shared by every server on one PostgreSQL, per route, and opens again after its window', async () => {
    const env = { CONTACT_RATE_LIMIT_MAX: '4', CONTACT_RATE_LIMIT_WINDOW_MS: '1500' };
    const [first, second] = [await createTestApp(database, {}, env), await createTestApp(database, {}, env)];
    try {
      const send = (app: typeof first) =>
        app.inject({ method: 'POST', url: '/api/contact', headers: json, payload: JSON.stringify(validContact) });
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await send(first)).statusCode, (await send(second)).statusCode);
      // Four in all, not four per server.
      expect(codes.filter((c) => c === 201)).toHaveLength(4);
      expect(codes.slice(4)).toEqual([429, 429]);
      // Another route's limit counts separately.
      const link = await second.inject({
        method: 'POST',
        url: '/api/auth/sign-in-link',
        headers: json,
        payload: { email: 'x@example.com' },
      });
      expect(link.statusCode).toBe(202);

      await new Promise((resolve) => setTimeout(resolve, 1600));
      expect((await send(second)).statusCode).toBe(201);
    } finally {
      await first.close();
      await second.close();
      await emptyTables(database);
    }
  });

  it('defaults to 10 requests in 10 minutes', async () => {
    const app = await createTestApp(database);
    try {
      expect(app.config.contactRateLimit).toEqual({ max: 10, windowMs: 600_000 });
      const codes = [];
      for (let i = 0; i < 11; i++)
        codes.push(
          (await app.inject({ method: 'POST', url: '/api/contact', headers: json, payload: JSON.stringify(validContact) })).statusCode,
        );
      expect(codes.filter((c) => c === 201)).toHaveLength(10);
      expect(codes.at(-1)).toBe(429);
    } finally {
      await app.close();
      await emptyTables(database);
    }
  });
});
