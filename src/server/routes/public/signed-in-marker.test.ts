import { describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/policy';
import { SIGNED_IN_COOKIE, signedInHome, type ENTRY_HOMES } from '../../../shared/session-marker';
import { createSignInLink, findUserByEmail } from '../../modules/accounts';
import { sessions } from '../../db/schema';
import { testDatabases } from '#test/database';
import { testAppFor } from '#test/app';
import { signInAs } from '#test/sign-in';

/*
 * The signed-in marker (shared/session-marker.ts): a cookie page scripts may read, so the
 * landing page's header can say "My dashboard". It must hold no secret, live as long as the
 * session, and go away with it.
 */
describe.each(testDatabases)('the signed-in marker cookie on %s', (kind) => {
  const t = testAppFor(kind, { sessions: false });

  async function signInWithLink(email: string) {
    const user = await findUserByEmail(t.app.db, email);
    const link = await createSignInLink(t.app.db, t.app.config.appUrl, user!.id, '/customer-dashboard');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      // A link made here was asked for by no browser: the account's address confirms it.
      payload: JSON.stringify({ token: new URL(link).searchParams.get('token'), email }),
    });
    expect(response.statusCode).toBe(200);
    return {
      session: response.cookies.find((c) => c.name === 'session')!,
      marker: response.cookies.find((c) => c.name === SIGNED_IN_COOKIE)!,
    };
  }

  it('is set with the session, readable by scripts, with the same lifetime and no secret in it', async () => {
    const { session, marker } = await signInWithLink(t.fixture.customerA.userEmail);
    expect(session.httpOnly).toBe(true);
    expect(marker).toMatchObject({ value: 'portal', path: '/', sameSite: 'Lax', maxAge: session.maxAge });
    expect(marker.httpOnly).toBeFalsy();
    expect(marker.value).not.toContain(session.value);
    expect(signedInHome(`theme=dark; ${SIGNED_IN_COOKIE}=${marker.value}`)).toBe('/customer-dashboard');
  });

  it.each<[Role, keyof typeof ENTRY_HOMES]>([
    ['owner', 'console'],
    ['office', 'console'],
    ['crew', 'crew'],
    ['customer', 'portal'],
  ])('names the entry of a signed-in %s (%s), whose home "My dashboard" opens', async (role, entry) => {
    const { email } = await signInAs(t.app, role);
    expect((await signInWithLink(email)).marker.value).toBe(entry);
  });

  it('is cleared with the session at logout', async () => {
    const { session, marker } = await signInWithLink(t.fixture.customerA.userEmail);
    const out = await t.app.inject({
      url: '/api/logout',
      headers: { cookie: `session=${session.value}; signed_in=${marker.value}`, 'sec-fetch-site': 'same-origin' },
    });
    for (const name of ['session', SIGNED_IN_COOKIE]) {
      const cleared = out.cookies.find((c) => c.name === name)!;
      expect(cleared.value, name).toBe('');
      expect(cleared.expires!.getTime(), name).toBeLessThanOrEqual(Date.now());
    }
  });

  it('is cleared when the session it sits beside is gone (expired or revoked), and left alone otherwise', async () => {
    const { session, marker } = await signInWithLink(t.fixture.customerA.userEmail);
    const cookie = `session=${session.value}; ${SIGNED_IN_COOKIE}=${marker.value}`;
    const live = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(live.statusCode).toBe(200);
    expect(live.cookies).toEqual([]);

    await t.app.db.delete(sessions);
    const stale = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(stale.statusCode).toBe(401);
    expect(stale.cookies.find((c) => c.name === SIGNED_IN_COOKIE)!.value).toBe('');
    // The marker alone grants nothing.
    const markerOnly = await t.app.inject({ url: '/api/customer/properties', headers: { cookie: `${SIGNED_IN_COOKIE}=portal` } });
    expect(markerOnly.statusCode).toBe(401);
  });
});

describe('reading the marker in the browser', () => {
  it('finds a known entry among other cookies, and nothing else', () => {
    expect(signedInHome('')).toBeNull();
    expect(signedInHome('theme=dark')).toBeNull();
    expect(signedInHome('signed_in=console; theme=dark')).toBe('/admin');
    expect(signedInHome('a=1;signed_in=crew')).toBe('/crew');
    expect(signedInHome('not_signed_in=portal')).toBeNull();
    expect(signedInHome('signed_in=toString')).toBeNull();
    expect(signedInHome('signed_in=evil.example')).toBeNull();
  });
});
