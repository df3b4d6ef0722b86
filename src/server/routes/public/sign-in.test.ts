import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { CHECK_EMAIL_MESSAGE } from '../../../shared/api/accounts';
import { hashToken } from '../../modules/accounts/tokens';
import { emailOutbox, sessions, signInTokens, users } from '../../db/schema';
import { createTestDatabase, testDatabases } from '#test/database';
import { createTestApp, testAppFor } from '#test/app';
import { seedPortal } from '#test/fixtures';
import { signInLinkFrom } from '#test/smtp';

const json = { 'content-type': 'application/json' };

describe.each(testDatabases)('e-mail sign-in on %s', (kind) => {
  const t = testAppFor(kind, { sessions: false, smtp: true, env: { APP_URL: 'http://localhost:3000' } });

  /** The nonce cookie of "this browser": the one that asks for links here. */
  let browserNonce = '';
  const requestLink = async (email: string, returnTo?: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in-link',
      headers: { ...json, ...headers },
      payload: JSON.stringify({ email, returnTo }),
    });
    browserNonce = response.cookies.find((c) => c.name === 'sign_in_nonce')?.value ?? browserNonce;
    return response;
  };
  /** Signs in from the browser that asked for the link, unless `body` or `nonce` say otherwise. */
  const signIn = (token: string, cookie?: string, body: { email?: string } = {}, nonce: string | null = browserNonce) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { ...json, cookie: [cookie, nonce ? `sign_in_nonce=${nonce}` : null].filter(Boolean).join('; ') },
      payload: JSON.stringify({ token, ...body }),
    });
  const check = (token: string, nonce: string | null = browserNonce) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in-link/check',
      headers: { ...json, ...(nonce ? { cookie: `sign_in_nonce=${nonce}` } : {}) },
      payload: JSON.stringify({ token }),
    });
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

  it('sends a one-time link by real SMTP, in text and HTML, and signs in with a new HttpOnly session', async () => {
    const asked = await requestLink('  Manager-A@Example.com ', '/customer-dashboard?tab=settings');
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: CHECK_EMAIL_MESSAGE });

    const mail = await t.smtp.nextMailTo(t.fixture.customerA.userEmail);
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    const link = signInLinkFrom(mail);
    expect(link.startsWith('http://localhost:3000/login/verify?token=')).toBe(true);

    // Only the hash is stored.
    const [stored] = await t.app.db.select().from(signInTokens);
    expect(stored!.tokenHash).toBe(hashToken(tokenOf(link)));
    expect(JSON.stringify(stored)).not.toContain(tokenOf(link));

    // Opening the link (as a mail scanner would) does not use it up.
    const checked = await check(tokenOf(link));
    expect(checked.json()).toEqual({ ok: true, confirmEmail: false, purpose: 'sign-in', returnTo: '/customer-dashboard?tab=settings' });

    const signedIn = await signIn(tokenOf(link), 'session=stale-session-id');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ redirectTo: '/customer-dashboard?tab=settings' });
    const cookie = signedIn.cookies.find((c) => c.name === 'session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    // The browser keeps it until the session's maximum (a customer's: 90 days); the idle timeout is the server's.
    expect(cookie.maxAge).toBeGreaterThan(90 * 24 * 60 * 60 - 5);
    expect(cookie.maxAge).toBeLessThanOrEqual(90 * 24 * 60 * 60);
    expect(cookie.value).not.toBe('stale-session-id');
    const [session] = await t.app.db.select().from(sessions);
    expect(session!.idHash).toBe(hashToken(cookie.value));

    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: `session=${cookie.value}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      user: { id: session!.userId, email: 'manager-a@example.com', firstName: 'ManagerA', lastName: 'Test', role: 'customer' },
      customer: {
        name: 'Customer A Properties',
        email: 'office-a@example.com',
        phone: '(414) 555-0100',
        address: '100 Main St, Milwaukee, WI',
      },
      passkey: 'optional',
    });
  });

  it('answers the same for an address without an account, and sends nothing', async () => {
    const known = await requestLink(t.fixture.customerA.userEmail);
    const unknown = await requestLink('nobody@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await t.smtp.nextMailTo(t.fixture.customerA.userEmail);
    const queued = await t.app.db.select().from(emailOutbox);
    expect(queued.map((m) => m.toAddress)).toEqual([t.fixture.customerA.userEmail]);
  });

  it('answers the same for a disabled account, and sends it no link', async () => {
    await t.app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, t.fixture.customerB.userEmail));
    const disabled = await requestLink(t.fixture.customerB.userEmail);
    const known = await requestLink(t.fixture.customerA.userEmail);
    expect(disabled.statusCode).toBe(202);
    expect(disabled.body).toBe(known.body);
    // The disabled one was asked for first; by the time the other's e-mail arrives it has long been dropped.
    await t.smtp.nextMailTo(t.fixture.customerA.userEmail);
    const queued = await t.app.db.select().from(emailOutbox);
    expect(queued.map((m) => m.toAddress)).toEqual([t.fixture.customerA.userEmail]);
  });

  it('refuses a used, an expired and a forged link with a clear reason', async () => {
    await requestLink(t.fixture.customerA.userEmail);
    const token = tokenOf(signInLinkFrom(await t.smtp.nextMailTo(t.fixture.customerA.userEmail)));
    expect((await signIn(token)).statusCode).toBe(200);
    const again = await signIn(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ problem: 'used', message: expect.stringContaining('already been used') });

    await requestLink(t.fixture.customerB.userEmail);
    const expiring = tokenOf(signInLinkFrom(await t.smtp.nextMailTo(t.fixture.customerB.userEmail)));
    await t.app.db
      .update(signInTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInTokens.tokenHash, hashToken(expiring)));
    expect((await check(expiring)).json()).toMatchObject({
      ok: false,
      problem: 'expired',
    });
    const expired = await signIn(expiring);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ problem: 'expired', message: expect.stringContaining('expired') });

    const forged = await signIn('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ problem: 'invalid' });
    expect(forged.cookies).toEqual([]);
  });

  it('links expire after 10 minutes, and are sign-in links rather than invitations', async () => {
    await requestLink(t.fixture.customerA.userEmail);
    const mail = await t.smtp.nextMailTo(t.fixture.customerA.userEmail);
    expect(mail.decoded).toContain('If you did not ask to sign in, you can ignore this e-mail.');
    const [token] = await t.app.db.select().from(signInTokens);
    expect(token!.purpose).toBe('sign-in');
    expect(token!.invitedBy).toBeNull();
    const minutes = (token!.expiresAt.getTime() - token!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThan(10.1);
    expect(mail.decoded).toContain('The link works once and expires in 10 minutes.');
  });

  it.each([
    ['https://evil.example/phish', '/customer-dashboard'],
    ['//evil.example/phish', '/customer-dashboard'],
    ['/\\evil.example', '/customer-dashboard'],
    ['/..//evil.example/phish', '/customer-dashboard'],
    ['javascript:alert(1)', '/customer-dashboard'],
    ['/api/logout', '/customer-dashboard'],
    ['/customer-dashboard#photos', '/customer-dashboard#photos'],
  ])('never redirects off the site: returnTo %s becomes %s', async (returnTo, expected) => {
    const login = await t.app.inject({ url: `/api/login?returnTo=${encodeURIComponent(returnTo)}` });
    expect(login.statusCode).toBe(302);
    // A path that is not this site's is dropped: the sign-in then lands on the user's own home.
    expect(login.headers.location).toBe(
      returnTo.startsWith('/customer-dashboard') ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login',
    );

    await requestLink(t.fixture.customerA.userEmail, returnTo);
    const token = tokenOf(signInLinkFrom(await t.smtp.nextMailTo(t.fixture.customerA.userEmail)));
    expect((await signIn(token)).json()).toEqual({ redirectTo: expected });
  });

  describe('lands each role on its own home', () => {
    const HOMES = { customer: '/customer-dashboard', crew: '/crew', owner: '/admin', office: '/admin' } as const;
    const userOf = async (role: keyof typeof HOMES) => {
      if (role === 'customer') return t.fixture.customerA.userEmail;
      const email = `${role}-landing@lakeshorelotcare.com`;
      await t.app.db.insert(users).values({ email, firstName: 'Lee', role });
      return email;
    };
    const landing = async (email: string, returnTo?: string) => {
      await requestLink(email, returnTo);
      const token = tokenOf(signInLinkFrom(await t.smtp.nextMailTo(email)));
      const checked = (await check(token)).json() as { returnTo?: string };
      const signedIn = await signIn(token);
      expect(signedIn.statusCode).toBe(200);
      const { redirectTo } = signedIn.json() as { redirectTo: string };
      // The link's page names the same place it then goes to.
      expect(checked.returnTo).toBe(redirectTo);
      return redirectTo;
    };

    it.each(Object.entries(HOMES) as Array<[keyof typeof HOMES, string]>)(
      '%s: a link asked for on /login, with no return path, lands on %s',
      async (role, home) => {
        const login = await t.app.inject({ url: '/api/login' });
        expect(login.headers.location).toBe('/login');
        expect(await landing(await userOf(role))).toBe(home);
      },
    );

    it.each([
      ['crew', '/customer-dashboard', '/crew'],
      ['crew', '/admin/schedule', '/crew'],
      ['owner', '/customer-dashboard/account', '/admin'],
      ['office', '/crew', '/admin'],
      ['customer', '/admin', '/customer-dashboard'],
      ['customer', '/crew?visit=1', '/customer-dashboard'],
      ['crew', '/login', '/crew'],
      ['crew', '/crew?visit=abc', '/crew?visit=abc'],
      ['office', '/admin/visits/42', '/admin/visits/42'],
      ['customer', '/privacy', '/privacy'],
    ] as const)('%s: a link naming %s lands on %s', async (role, returnTo, expected) => {
      expect(await landing(await userOf(role), returnTo)).toBe(expected);
    });

    it('a link stored before landings knew the role (the portal as its return path) still takes a crew member to /crew', async () => {
      const email = await userOf('crew');
      await requestLink(email);
      const token = tokenOf(signInLinkFrom(await t.smtp.nextMailTo(email)));
      await t.app.db
        .update(signInTokens)
        .set({ returnTo: '/customer-dashboard' })
        .where(eq(signInTokens.tokenHash, hashToken(token)));
      expect((await check(token)).json()).toMatchObject({ ok: true, returnTo: '/crew' });
      expect((await signIn(token)).json()).toEqual({ redirectTo: '/crew' });
    });
  });

  const signedInSession = async () => {
    await requestLink(t.fixture.customerA.userEmail);
    const token = tokenOf(signInLinkFrom(await t.smtp.nextMailTo(t.fixture.customerA.userEmail)));
    return (await signIn(token)).cookies.find((c) => c.name === 'session')!.value;
  };
  const stillSignedIn = async (session: string) =>
    (await t.app.inject({ url: '/api/auth/user', headers: { cookie: `session=${session}` } })).statusCode === 200;
  const expectSignedOut = async (
    out: { cookies: Array<{ name: string; value: string }>; headers: Record<string, unknown> },
    session: string,
  ) => {
    expect(out.headers.location).toBe('/');
    expect(out.headers['clear-site-data']).toBe('"cache", "cookies"');
    expect(out.cookies.find((c) => c.name === 'session')!.value).toBe('');
    expect(await t.app.db.select().from(sessions)).toEqual([]);
    expect(await stillSignedIn(session)).toBe(false);
  };

  it('logs out from our own pages at once: the session is deleted, the cookie and site data cleared, the browser sent home', async () => {
    const session = await signedInSession();
    const out = await t.app.inject({ url: '/api/logout', headers: { cookie: `session=${session}`, 'sec-fetch-site': 'same-origin' } });
    expect(out.statusCode).toBe(302);
    await expectSignedOut(out, session);
  });

  it.each([['cross-site'], ['same-site'], ['none'], [undefined]])(
    'a Log Out link followed with Sec-Fetch-Site %s only leads to the page that asks first',
    async (fetchSite) => {
      const session = await signedInSession();
      const out = await t.app.inject({
        url: '/api/logout',
        headers: { cookie: `session=${session}`, ...(fetchSite ? { 'sec-fetch-site': fetchSite } : {}) },
      });
      expect(out.statusCode).toBe(302);
      expect(out.headers.location).toBe('/logout');
      expect(out.headers['clear-site-data']).toBeUndefined();
      expect(out.cookies).toEqual([]);
      expect(await stillSignedIn(session)).toBe(true);
    },
  );

  it('logs out with the page’s button (a form POST), and refuses the same POST from another site', async () => {
    const session = await signedInSession();
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { cookie: `session=${session}`, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: '',
      });
    const forged = await post({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
    expect(forged.statusCode).toBe(403);
    expect(await stillSignedIn(session)).toBe(true);

    const out = await post({ 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' });
    expect(out.statusCode).toBe(303);
    await expectSignedOut(out, session);
  });

  it('limits link requests per address, with the same answer for unknown addresses', async () => {
    for (let i = 0; i < 5; i++) expect((await requestLink('nobody@example.com')).statusCode).toBe(202);
    const limited = await requestLink('Nobody@Example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(/Too many sign-in links were requested for this address/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address from the same client is still served.
    expect((await requestLink(t.fixture.customerA.userEmail)).statusCode).toBe(202);
  });

  it('binds a link to the browser that asked for it: elsewhere the account’s e-mail is confirmed first (login CSRF)', async () => {
    const asked = await requestLink(t.fixture.customerA.userEmail);
    const nonce = asked.cookies.find((c) => c.name === 'sign_in_nonce')!;
    expect(nonce).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth', maxAge: 10 * 60 });
    const token = tokenOf(signInLinkFrom(await t.smtp.nextMailTo(t.fixture.customerA.userEmail)));
    const [stored] = await t.app.db.select().from(signInTokens);
    expect(stored!.browserNonceHash).toBe(hashToken(nonce.value));

    // Another browser (no cookie, or another's): the page must ask for the address.
    expect((await check(token, null)).json()).toMatchObject({ ok: true, confirmEmail: true });
    expect((await check(token, 'B'.repeat(43))).json()).toMatchObject({ ok: true, confirmEmail: true });
    const bare = await signIn(token, undefined, {}, null);
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({ problem: 'confirm-email', message: 'Please enter the e-mail address this link was sent to.' });
    const wrong = await signIn(token, undefined, { email: 'someone-else@example.com' }, 'B'.repeat(43));
    expect(wrong.json()).toEqual({
      problem: 'confirm-email',
      message: 'That is not the e-mail address this link was sent to. Please check it and try again.',
    });
    expect(wrong.cookies.find((c) => c.name === 'session')).toBeUndefined();
    // Neither try used the link up; the right address, typed loosely, signs in.
    const confirmed = await signIn(token, undefined, { email: ` ${t.fixture.customerA.userEmail.toUpperCase()} ` }, null);
    expect(confirmed.statusCode).toBe(200);

    // In the asking browser the cookie is enough, and is cleared once used.
    await requestLink(t.fixture.customerA.userEmail);
    const second = tokenOf(signInLinkFrom(await t.smtp.nextMailTo(t.fixture.customerA.userEmail)));
    expect((await check(second)).json()).toMatchObject({ ok: true, confirmEmail: false });
    const same = await signIn(second);
    expect(same.statusCode).toBe(200);
    expect(same.cookies.find((c) => c.name === 'sign_in_nonce')!.value).toBe('');
  });

  it('checks links by POST only: a token in a query string is not read', async () => {
    await requestLink(t.fixture.customerA.userEmail);
    const token = tokenOf(signInLinkFrom(await t.smtp.nextMailTo(t.fixture.customerA.userEmail)));
    expect((await t.app.inject({ url: `/api/auth/sign-in-link?token=${token}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/auth/sign-in?token=${token}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/auth/sign-in-link/check?token=${token}` })).json()).toMatchObject({
      ok: false,
      problem: 'invalid',
    });
  });

  it('serves the link’s page with Referrer-Policy: no-referrer, so no request from it carries the token elsewhere', async () => {
    const built = mkdtempSync(path.join(tmpdir(), 'client-'));
    writeFileSync(path.join(built, 'index.html'), '<!doctype html><h1>Landing</h1>');
    writeFileSync(path.join(built, 'portal.html'), '<!doctype html><div id="root"></div>');
    const notBuilt = mkdtempSync(path.join(tmpdir(), 'client-'));
    for (const [clientDir, status] of [
      [built, 200],
      [notBuilt, 503],
    ] as const) {
      const app = await createTestApp(t.database, { clientDir });
      try {
        const page = await app.inject({ url: `/login/verify?token=${'t'.repeat(43)}` });
        expect(page.statusCode).toBe(status);
        expect(page.headers['referrer-policy']).toBe('no-referrer');
        // The other pages of the same shell keep the site's policy.
        const login = await app.inject({ url: '/login' });
        expect(login.statusCode).toBe(status);
        expect(login.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      } finally {
        await app.close();
      }
    }
  });

  it('answers a link request for a known and an unknown address alike, in the same time', async () => {
    // A slow mail server: had the answer waited for the e-mail, known addresses would answer 150 ms later.
    const send = vi.spyOn(t.app.mail, 'send').mockImplementation(() => new Promise((resolve) => setTimeout(resolve, 150)));
    const ask = async (email: string) => {
      const started = performance.now();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in-link',
        headers: { ...json, 'x-forwarded-for': email },
        payload: JSON.stringify({ email }),
      });
      return { response, ms: performance.now() - started };
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      const a = await ask(t.fixture.customerA.userEmail);
      const b = await ask(`nobody-${i}@example.com`);
      expect(a.response.statusCode).toBe(b.response.statusCode);
      expect(a.response.body).toBe(b.response.body);
      expect(a.response.cookies.map((c) => [c.name, c.path, c.maxAge])).toEqual(b.response.cookies.map((c) => [c.name, c.path, c.maxAge]));
      expect(Object.keys(a.response.headers).sort()).toEqual(Object.keys(b.response.headers).sort());
      known.push(a.ms);
      unknown.push(b.ms);
    }
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
    const [k, u] = [median(known), median(unknown)];
    expect(Math.abs(k - u), `medians: known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeLessThanOrEqual(
      Math.max(30, 0.5 * Math.min(k, u)),
    );
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(4));
    send.mockRestore();
  });

  it('rejects an invalid address with a clear message', async () => {
    const response = await requestLink('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Please enter a valid email address' });
    expect(await t.app.db.select().from(emailOutbox)).toEqual([]);
  });
});

describe('sign-in rate limit per IP', () => {
  it('answers 429 after the configured number of link requests from one address', async () => {
    const database = await createTestDatabase('pglite');
    const app = await createTestApp(database, {}, { SIGN_IN_RATE_LIMIT_PER_IP: '3' });
    try {
      const ask = (n: number) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/sign-in-link',
          headers: json,
          payload: JSON.stringify({ email: `person${n}@example.com` }),
        });
      for (let i = 0; i < 3; i++) expect((await ask(i)).statusCode).toBe(202);
      const limited = await ask(9);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    } finally {
      await app.close();
      await database.drop();
    }
  });

  it('names the session cookie __Host-session, Secure, when APP_URL is https', async () => {
    const database = await createTestDatabase('pglite');
    const app = await createTestApp(database, {}, { APP_URL: 'https://lakeshorelotcare.com' });
    try {
      const fixture = await seedPortal(app.db, app.photoStorage);
      const { createSignInLink } = await import('../../modules/accounts/sign-in-links');
      const { findUserByEmail } = await import('../../modules/accounts');
      const user = await findUserByEmail(app.db, fixture.customerA.userEmail);
      const link = await createSignInLink(app.db, app.config.appUrl, user!.id, '/customer-dashboard');
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: json,
        payload: JSON.stringify({ token: new URL(link).searchParams.get('token'), email: fixture.customerA.userEmail }),
      });
      // Over https the cookie is __Host- prefixed: Secure, Path=/, no Domain.
      const cookie = response.cookies.find((c) => c.name === '__Host-session')!;
      expect(cookie).toMatchObject({ secure: true, path: '/' });
      expect(cookie.domain).toBeUndefined();
      expect(response.cookies.find((c) => c.name === 'session')).toBeUndefined();
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
