import { environmentManager } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server/app';
import { ApiError, apiRequest, failureMessage, getJson, retryAfterOf } from './api-client';
import { createQueryClient } from './query-client';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { createTestApp } from '#test/app';

/** Runs against the real server; relative URLs are resolved against it, as a browser would against its page. */
let database: TestDatabase;
let app: App;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  database = await createTestDatabase('pglite');
  app = await createTestApp(database);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  globalThis.fetch = (input, init) => realFetch(new URL(String(input), address), init);
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await app.close();
  await database.drop();
});

describe('api client', () => {
  it('throws "status: body" for a non-success answer (SPEC §8)', async () => {
    await expect(apiRequest('GET', '/api/missing')).rejects.toThrow('404: {"message":"Not found"}');
    await expect(getJson('/api/missing')).rejects.toThrow('404: {"message":"Not found"}');
  });

  it('carries the status and the parsed error body', async () => {
    const error = await apiRequest('GET', '/api/missing').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, data: { message: 'Not found' } });
    const empty = await apiRequest('HEAD', '/api/missing').catch((caught: unknown) => caught);
    expect(empty).toMatchObject({ status: 404, data: null });
    // A problem code comes along, for a screen that acts on it (the sign-in link page).
    const refused = await apiRequest('POST', '/api/auth/sign-in', { token: 'a-made-up-token-that-is-long-enough' }).catch(
      (caught: unknown) => caught,
    );
    expect(refused).toMatchObject({
      status: 400,
      data: { problem: 'invalid', message: expect.stringMatching(/^This sign-in link is not valid\./) },
    });
  });

  it('carries a Retry-After of whole seconds, and nothing for any other form', async () => {
    expect(retryAfterOf('30')).toBe(30);
    expect(retryAfterOf(' 5 ')).toBe(5);
    for (const header of [null, '', 'soon', '-1', '1.5', 'Wed, 21 Oct 2026 07:28:00 GMT']) expect(retryAfterOf(header)).toBeNull();
    // A real rate limit's answer: the sign-in link's per-address limit sends one.
    let limited: unknown;
    for (let i = 0; i < 10 && !(limited instanceof ApiError && limited.status === 429); i++) {
      limited = await apiRequest('POST', '/api/auth/sign-in-link', { email: 'someone@example.com' }).catch((caught: unknown) => caught);
    }
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: expect.any(Number) });
    expect((limited as ApiError).retryAfterSeconds).toBeGreaterThan(0);
  });

  it('falls back to the status text when the body is empty', async () => {
    await expect(apiRequest('HEAD', '/api/missing')).rejects.toThrow('404: Not Found');
  });

  it('sends a JSON body with a JSON content type only when there is one', async () => {
    const response = await apiRequest('POST', '/api/contact', {
      name: 'Jane Kowalski',
      email: 'jane@example.com',
      service: 'Other',
      message: 'Please quote our lot.',
      consent: true,
    });
    expect(response.status).toBe(201);
    // Without a body there is no content type, so the JSON-only endpoint refuses it.
    await expect(apiRequest('POST', '/api/contact')).rejects.toThrow(/^415: /);
  });

  it('says in words what failed: a dropped connection, the API\'s reason, or a server fault, never "Failed to fetch"', async () => {
    const unreachable = (await realFetch('http://127.0.0.1:9/').catch((caught: unknown) => caught)) as Error;
    expect(unreachable).toBeInstanceOf(TypeError);
    expect(failureMessage('save the status', unreachable)).toBe('Could not save the status: the connection dropped. Try again.');
    const refused = (await apiRequest('POST', '/api/contact', {}).catch((caught: unknown) => caught)) as Error;
    expect(failureMessage('send the request', refused)).toMatch(/^Could not send the request\. [A-Z].*[.!?]$/);
    expect(failureMessage('save the note', new ApiError(502, '<html>Bad gateway</html>', 'Bad Gateway'))).toBe(
      'Could not save the note: the server did not answer properly (502). Try again in a moment.',
    );
  });

  it('reads JSON from a GET', async () => {
    expect(await getJson('/healthz')).toEqual({ status: 'ok' });
  });
});

describe('query client defaults (SPEC §9)', () => {
  it('never refetches on focus, never polls, never goes stale, never retries, drops unused data after 5 minutes, and tries calls even offline', () => {
    // In the browser (the test runs in Node, which TanStack Query takes for a server).
    const wasServer = environmentManager.isServer();
    environmentManager.setIsServer(() => false);
    let defaults;
    try {
      defaults = createQueryClient().getDefaultOptions();
    } finally {
      environmentManager.setIsServer(() => wasServer);
    }
    const { queries, mutations } = defaults;
    expect(queries).toMatchObject({
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
      retry: false,
      gcTime: 300_000,
      networkMode: 'always',
    });
    expect(mutations).toMatchObject({ retry: false, networkMode: 'always' });
  });

  it('keeps nothing for later on the server, where a signed-in first screen is rendered (decision 010)', () => {
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(Infinity);
  });
});
