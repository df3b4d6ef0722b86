import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, photos, users } from '../../db/schema';
import { BODY_LIMIT_BYTES, NO_BODY_MESSAGE } from './body-limits';
import { testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { validContact } from '#test/fixtures';

const json = { 'content-type': 'application/json' };
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

describe.each(testDatabases)('request body limits on %s', (kind) => {
  const t = testAppFor(kind);
  const routes = () => t.app.routeCatalog.filter((route) => [route.method].flat().some((method) => BODY_METHODS.includes(method)));
  const isUpload = (route: ReturnType<typeof routes>[number]) =>
    ((route.schema?.consumes as string[] | undefined) ?? []).includes('multipart/form-data');

  it('takes at most 32 KB of JSON on every route, less where a route says so (the quote form: 16 KB), and says which limit in the 413', async () => {
    expect(t.app.initialConfig.bodyLimit).toBe(32 * 1024);
    expect(BODY_LIMIT_BYTES).toBe(32 * 1024);
    const overLimit = routes().filter((route) => (route.bodyLimit ?? 0) > BODY_LIMIT_BYTES);
    expect(overLimit.map((route) => route.url)).toEqual([]);

    // Every public route that reads JSON, anonymously: a body just over its limit is a 413 naming that limit.
    const publicJson = routes().filter((route) => !route.config?.audience && route.schema?.body && !isUpload(route));
    expect(publicJson.map((route) => route.url)).toEqual(expect.arrayContaining(['/api/contact', '/api/auth/sign-in-link']));
    for (const route of publicJson) {
      const limit = route.bodyLimit ?? BODY_LIMIT_BYTES;
      const response = await t.app.inject({
        method: [route.method].flat()[0] as 'POST',
        url: route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000'),
        headers: json,
        payload: JSON.stringify({ ...validContact, padding: 'x'.repeat(limit) }),
      });
      expect(response.statusCode, route.url).toBe(413);
      expect(response.json(), route.url).toEqual({ message: `The request body is larger than ${limit / 1024} KB` });
    }

    // A console route: 20 KB is read (and refused for what it says), 33 KB is not read at all.
    const url = `/api/admin/customers/${t.fixture.customerA.id}`;
    const body = (size: number) => JSON.stringify({ name: 'x'.repeat(size), email: 'office-a@example.com' });
    const within = await t.app.inject({ method: 'PATCH', url, headers: { ...json, ...t.as('staff') }, payload: body(20 * 1024) });
    expect(within.statusCode).toBe(400);
    expect(within.json<{ errors: Record<string, string> }>().errors.name).toBe('Company name must be at most 200 characters');
    const over = await t.app.inject({ method: 'PATCH', url, headers: { ...json, ...t.as('staff') }, payload: body(33 * 1024) });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: 'The request body is larger than 32 KB' });
  });

  it('refuses deeply nested JSON over the limit without parsing it', async () => {
    const depth = 512 * 1024;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in-link',
      headers: json,
      payload: '['.repeat(depth) + ']'.repeat(depth),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request body is larger than 32 KB' });
  });

  it('refuses a body on a route that takes none, before doing anything', async () => {
    const withNoBody = routes().filter((route) => route.config?.takesNoBody);
    expect(withNoBody.map((route) => `${[route.method].flat().join(',')} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/admin/users/:id/invite',
        'POST /api/auth/passkey/options',
        'DELETE /api/admin/photos/:id',
        'POST /api/account/sessions/sign-out-others',
      ]),
    );
    // Uploads and JSON routes read their bodies; the one-click unsubscribe takes its short form.
    expect(withNoBody.filter((route) => route.schema?.body || isUpload(route) || route.url === '/api/reports/unsubscribe')).toEqual([]);

    const [user] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, t.fixture.customerA.userEmail));
    const mails = async () => (await t.app.db.select({ n: count() }).from(emailOutbox))[0]!.n;
    const before = await mails();
    const invite = (payload?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${user!.id}/invite`,
        headers: { ...t.as('staff'), ...(payload === undefined ? {} : json) },
        ...(payload === undefined ? {} : { payload }),
      });
    for (const payload of ['{}', '{"email":"someone-else@example.com"}']) {
      const refused = await invite(payload);
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toEqual({ message: NO_BODY_MESSAGE });
    }
    expect(await mails()).toBe(before);
    expect((await invite()).statusCode).toBe(202);

    const photoId = t.fixture.customerA.photoId;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/photos/${photoId}`,
      headers: { ...json, ...t.as('staff') },
      payload: '{"really":true}',
    });
    expect(deleted.statusCode).toBe(413);
    expect(await t.app.db.select({ id: photos.id }).from(photos).where(eq(photos.id, photoId))).toHaveLength(1);

    const options = await t.app.inject({ method: 'POST', url: '/api/auth/passkey/options', headers: json, payload: '[]' });
    expect(options.statusCode).toBe(413);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/passkey/options' })).statusCode).toBe(200);
  });
});
