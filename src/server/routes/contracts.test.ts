import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { testAppFor } from '#test/app';

describe('route contracts', () => {
  const t = testAppFor('pglite');

  it('gives every route a contract: its answers, and its params, query and body where it takes them', () => {
    const routes = t.app.routeCatalog.filter((route) => route.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(25);
    const missing = routes.filter((route) => !route.schema?.response).map((route) => `${route.method as string} ${route.url}`);
    expect(missing).toEqual([]);
    const withParams = routes.filter((route) => route.url.includes(':'));
    expect(withParams.filter((route) => !route.schema?.params).map((route) => route.url)).toEqual([]);
    // Writes take a JSON body, but for an upload (multipart, read by the handler), an action on a record, and
    // the one-click unsubscribe (RFC 8058: a form whose content says nothing the URL's token does not).
    const bodiless = [
      '/api/admin/users/:id/invite',
      '/api/reports/unsubscribe',
      '/api/account/sessions/sign-out-others',
      '/api/auth/passkey/options',
      '/api/account/passkeys/options',
      '/api/account/recovery-codes',
      '/api/admin/staff/:id/reset-passkeys',
      '/api/portal/agreements/:id/cancel',
      '/api/admin/estimates/:id/send',
      '/api/admin/estimates/:id/revise',
      '/api/admin/invoices/:id/approve',
      '/api/admin/customers/:id/apply-credit',
    ];
    const isUpload = (route: (typeof routes)[number]) => (route.schema?.consumes as string[] | undefined)?.includes('multipart/form-data');
    expect(routes.filter(isUpload).map((route) => route.url)).toContain('/api/admin/properties/:id/photos');
    // Every upload may be refused while the photo queue is full (503 with Retry-After), and says so.
    const busy = (route: (typeof routes)[number]) => (route.schema?.response as Record<string, unknown>)[503];
    expect(routes.filter((route) => isUpload(route) && !busy(route)).map((route) => route.url)).toEqual([]);
    const writes = routes.filter(
      (route) => ['POST', 'PATCH', 'PUT'].includes(route.method as string) && !bodiless.includes(route.url) && !isUpload(route),
    );
    expect(writes.length).toBeGreaterThan(8);
    expect(writes.filter((route) => !route.schema?.body).map((route) => route.url)).toEqual([]);
  });

  it('serves staff an OpenAPI 3.1 document that a validator accepts, and nobody else', async () => {
    expect((await t.app.inject({ url: '/api/openapi.json' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/openapi.json', headers: t.as('customerA') })).statusCode).toBe(403);
    const response = await t.app.inject({ url: '/api/openapi.json', headers: t.as('staff') });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toBe('3.1.0');

    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);

    // The spec's calls are all there, in OpenAPI's path syntax, with their contracts.
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/contact',
        '/api/auth/user',
        '/api/customer/properties',
        '/api/properties/{id}/photos',
        '/api/login',
        '/api/logout',
      ]),
    );
    // The Log Out link's page signs out by POST (GET only does so for our own pages).
    expect(document.paths['/api/logout']!.post).toBeDefined();
    // Signed-in routes say they need the session cookie; public ones do not.
    expect((document.paths['/api/customer/properties']!.get as { security?: unknown }).security).toEqual([{ session: [] }]);
    expect((document.paths['/api/contact']!.get as { security?: unknown }).security).toEqual([{ session: [] }]);
    expect((document.paths['/api/contact']!.post as { security?: unknown }).security).toBeUndefined();
    const post = document.paths['/api/contact']!.post as { requestBody: { content: Record<string, { schema: { required: string[] } }> } };
    expect(post.requestBody.content['application/json']!.schema.required).toEqual(
      expect.arrayContaining(['name', 'email', 'service', 'message', 'consent']),
    );
  });
});
