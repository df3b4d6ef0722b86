import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, signInTokens, users } from '../../db/schema';
import { SESSION_COOKIE, createSession, purgeExpiredSignIns } from './sessions';
import { createSignInLink } from './sign-in-links';
import { findUserByEmail } from './users';
import { hashToken, randomToken } from './tokens';
import { testDatabases } from '#test/database';
import { testAppFor } from '#test/app';
import { sessionCookie } from '#test/sign-in';

/*
 * Attacks on signing in, through the whole app: guessing link tokens, keeping or planting
 * a session id across a sign-in, and forged or expired session cookies.
 */

const json = { 'content-type': 'application/json' };
/** SIGN_IN_RATE_LIMIT_PER_IP for these tests; the token routes allow twice that per hour. */
const PER_IP = 3;
const TOKEN_TRIES = PER_IP * 2;
const ATTACKER_IP = '198.51.100.7';
const OTHER_IP = '203.0.113.20';

describe.each(testDatabases)('sign-in hardening on %s', (kind) => {
  const t = testAppFor(kind, { sessions: false, env: { SIGN_IN_RATE_LIMIT_PER_IP: String(PER_IP) } });

  /** A fresh sign-in link's token for a user, as the e-mail would carry it. */
  const linkToken = async (email: string) => {
    const user = await findUserByEmail(t.app.db, email);
    return new URL(await createSignInLink(t.app.db, t.app.config.appUrl, user!.id, '/customer-dashboard')).searchParams.get('token')!;
  };
  /**
   * Uses a link. These links were made by no browser (as an operator's are), so the account's
   * e-mail address goes with the token, as the verify page sends it (customer A's by default).
   */
  const signIn = (token: string, options: { cookie?: string; ip?: string; email?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: options.ip,
      headers: { ...json, ...(options.cookie !== undefined ? { cookie: options.cookie } : {}) },
      payload: JSON.stringify({ token, email: options.email ?? t.fixture.customerA.userEmail }),
    });
  /** POST /api/auth/sign-in-link/check: the token goes in the body, never in a URL. */
  const checkLink = (token: string, ip?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in-link/check',
      remoteAddress: ip,
      headers: json,
      payload: JSON.stringify({ token }),
    });
  const whoAmI = (cookie: string) => t.app.inject({ url: '/api/auth/user', headers: { cookie } });
  const sessionOf = (response: Awaited<ReturnType<typeof signIn>>) => response.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
  const sessionRowsOf = async (email: string) => {
    const user = await findUserByEmail(t.app.db, email);
    return t.app.db.select().from(sessions).where(eq(sessions.userId, user!.id));
  };

  describe('guessing link tokens is rate-limited per IP', () => {
    it(`POST /api/auth/sign-in: ${TOKEN_TRIES} wrong tokens, then 429 even for a right one`, async () => {
      for (let i = 0; i < TOKEN_TRIES; i++) {
        const guess = await signIn(randomToken(), { ip: ATTACKER_IP });
        expect(guess.statusCode).toBe(400);
        expect(guess.json()).toMatchObject({ problem: 'invalid' });
      }
      const valid = await linkToken(t.fixture.customerA.userEmail);
      const limited = await signIn(valid, { ip: ATTACKER_IP });
      expect(limited.statusCode).toBe(429);
      expect(limited.json<{ message: string }>().message).toMatch(/^Too many requests\. Please try again in /);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(sessionOf(limited)).toBeUndefined();
      // The limit is per IP, and the refused try did not use the link up.
      const elsewhere = await signIn(valid, { ip: OTHER_IP });
      expect(elsewhere.statusCode).toBe(200);
      expect(sessionOf(elsewhere)).toBeDefined();
    });

    it(`POST /api/auth/sign-in-link/check (the token check): ${TOKEN_TRIES} tries, then 429, so it is no oracle`, async () => {
      const valid = await linkToken(t.fixture.customerA.userEmail);
      for (let i = 0; i < TOKEN_TRIES; i++) {
        // Well-formed guesses and malformed ones count alike.
        const guess = await checkLink(i % 2 ? randomToken() : 'short', ATTACKER_IP);
        expect(guess.statusCode).toBe(200);
        expect(guess.json()).toMatchObject({ ok: false, problem: 'invalid' });
      }
      const limited = await checkLink(valid, ATTACKER_IP);
      expect(limited.statusCode).toBe(429);
      expect(limited.json<{ message: string }>().message).toMatch(/^Too many requests\. Please try again in /);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.body).not.toContain('"ok"');
      // Another client checking its own link is unaffected.
      expect((await checkLink(valid, OTHER_IP)).json()).toEqual({
        ok: true,
        confirmEmail: true,
        purpose: 'sign-in',
        returnTo: '/customer-dashboard',
      });
    });

    it('takes no token from a query string: GET and HEAD are 404 alike for a good and a bad token, and spend none of its budget', async () => {
      const valid = await linkToken(t.fixture.customerA.userEmail);
      const bad = randomToken();
      const answers = [];
      for (const url of ['/api/auth/sign-in-link', '/api/auth/sign-in-link/check', '/api/auth/sign-in']) {
        for (const method of ['GET', 'HEAD'] as const) {
          const [good, wrong] = [
            await t.app.inject({ method, url: `${url}?token=${valid}`, remoteAddress: ATTACKER_IP }),
            await t.app.inject({ method, url: `${url}?token=${bad}`, remoteAddress: ATTACKER_IP }),
          ];
          answers.push([
            `${method} ${url}`,
            good.statusCode,
            wrong.statusCode,
            good.headers['content-length'] === wrong.headers['content-length'],
          ]);
        }
      }
      expect(answers).toEqual(
        ['/api/auth/sign-in-link', '/api/auth/sign-in-link/check', '/api/auth/sign-in'].flatMap((url) =>
          ['GET', 'HEAD'].map((method) => [`${method} ${url}`, 404, 404, true]),
        ),
      );
      // A token in the check's query string is not read either: only its body counts.
      const queried = await t.app.inject({
        method: 'POST',
        url: `/api/auth/sign-in-link/check?token=${valid}`,
        remoteAddress: ATTACKER_IP,
      });
      expect(queried.json()).toMatchObject({ ok: false, problem: 'invalid' });
      // The POST budget is whole (less that one try) and then spent.
      for (let i = 1; i < TOKEN_TRIES; i++) expect((await checkLink(randomToken(), ATTACKER_IP)).statusCode).toBe(200);
      expect((await checkLink(valid, ATTACKER_IP)).statusCode).toBe(429);
      // Nothing used the link up.
      expect((await checkLink(valid, OTHER_IP)).json()).toMatchObject({ ok: true });
    });
  });

  it('rotates the session at sign-in: a new id, and the old one stops working', async () => {
    const first = await signIn(await linkToken(t.fixture.customerA.userEmail));
    const oldId = sessionOf(first)!;
    expect((await whoAmI(`${SESSION_COOKIE}=${oldId}`)).statusCode).toBe(200);

    const second = await signIn(await linkToken(t.fixture.customerA.userEmail), { cookie: `${SESSION_COOKIE}=${oldId}` });
    expect(second.statusCode).toBe(200);
    const newId = sessionOf(second)!;
    expect(newId).toBeDefined();
    expect(newId).not.toBe(oldId);

    expect((await whoAmI(`${SESSION_COOKIE}=${oldId}`)).statusCode).toBe(401);
    const me = await whoAmI(`${SESSION_COOKIE}=${newId}`);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { email: t.fixture.customerA.userEmail } });
    expect((await sessionRowsOf(t.fixture.customerA.userEmail)).map((s) => s.idHash)).toEqual([hashToken(newId)]);
  });

  describe('session fixation: an id planted before sign-in is never the session after it', () => {
    /** The victim (customer A) signs in with the attacker's cookie in the browser. */
    async function victimSignsInWith(planted: string) {
      const response = await signIn(await linkToken(t.fixture.customerA.userEmail), { cookie: `${SESSION_COOKIE}=${planted}` });
      expect(response.statusCode).toBe(200);
      const id = sessionOf(response)!;
      expect(id).toBeDefined();
      expect(id).not.toBe(planted);
      expect(id).toMatch(/^[\w-]{43}$/);
      return id;
    }

    /** With only the planted value, the attacker sees none of the victim's data. */
    async function expectAttackerLockedOut(planted: string) {
      const cookie = `${SESSION_COOKIE}=${planted}`;
      expect((await whoAmI(cookie)).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/customer/properties', headers: { cookie } })).statusCode).toBe(401);
      const photos = await t.app.inject({ url: `/api/properties/${t.fixture.customerA.propertyId}/photos`, headers: { cookie } });
      expect(photos.statusCode).toBe(401);
      expect(photos.body).not.toContain('Plaza A');
    }

    it('a random value chosen by the attacker', async () => {
      const planted = randomToken();
      const id = await victimSignsInWith(planted);
      await expectAttackerLockedOut(planted);
      expect(
        await t.app.db
          .select()
          .from(sessions)
          .where(eq(sessions.idHash, hashToken(planted))),
      ).toEqual([]);
      expect((await whoAmI(`${SESSION_COOKIE}=${id}`)).json()).toMatchObject({ user: { email: t.fixture.customerA.userEmail } });
    });

    it("a valid session id of another user (the attacker's own)", async () => {
      const attackerCookie = await sessionCookie(t.app, t.fixture.customerB.userEmail);
      const planted = attackerCookie.slice(`${SESSION_COOKIE}=`.length);
      expect((await whoAmI(attackerCookie)).json()).toMatchObject({ user: { email: t.fixture.customerB.userEmail } });

      const id = await victimSignsInWith(planted);
      // The attacker's session was not carried over to the victim: it is gone.
      await expectAttackerLockedOut(planted);
      expect(await sessionRowsOf(t.fixture.customerB.userEmail)).toEqual([]);
      const victim = await whoAmI(`${SESSION_COOKIE}=${id}`);
      expect(victim.json()).toMatchObject({ user: { email: t.fixture.customerA.userEmail } });
      const properties = await t.app.inject({ url: '/api/customer/properties', headers: { cookie: `${SESSION_COOKIE}=${id}` } });
      expect(properties.body).toContain('Plaza A');
      expect(properties.body).not.toContain('Plaza B');
    });
  });

  describe('forged and expired cookies are anonymous: 401, never a 5xx', () => {
    const forged: Array<[string, string]> = [
      ['a random value', randomToken()],
      ['an empty value', ''],
      ['a 10,000-character value', 'A'.repeat(10_000)],
      ['quotes, semicolons and SQL', `"' OR 1=1; --`],
      ['percent escapes that decode to nothing valid', '%00%ff%E0%A4%A'],
      ['HTML and backslashes', '<script>alert(1)</script>\\..\\..'],
      ['a base64 value with padding', `${randomBytes(40).toString('base64')}`],
      ['non-ASCII bytes', Buffer.from('sesión-ключ', 'utf8').toString('latin1')],
      ['the hash of a real session instead of its id', ''],
    ];

    it.each(forged)('%s', async (label, value) => {
      let cookieValue = value;
      if (label.startsWith('the hash')) {
        const user = await findUserByEmail(t.app.db, t.fixture.customerA.userEmail);
        cookieValue = hashToken((await createSession(t.app.db, user!.id)).id);
      }
      for (const cookie of [`${SESSION_COOKIE}=${cookieValue}`, `other=1; ${SESSION_COOKIE}=${cookieValue}; theme=dark`]) {
        const me = await whoAmI(cookie);
        expect(me.statusCode).toBe(401);
        expect(me.json()).toEqual({ message: 'Please sign in' });
        expect((await t.app.inject({ url: '/api/customer/properties', headers: { cookie } })).statusCode).toBe(401);
        expect((await t.app.inject({ url: '/api/admin/customers', headers: { cookie } })).statusCode).toBe(401);
      }
      // Signing in and out with such a cookie works too.
      const signedIn = await signIn(await linkToken(t.fixture.customerA.userEmail), { cookie: `${SESSION_COOKIE}=${cookieValue}` });
      expect(signedIn.statusCode).toBe(200);
      expect(sessionOf(signedIn)).not.toBe(cookieValue);
      expect(
        (
          await t.app.inject({
            url: '/api/logout',
            headers: { cookie: `${SESSION_COOKIE}=${cookieValue}`, 'sec-fetch-site': 'same-origin' },
          })
        ).statusCode,
      ).toBe(302);
    });

    it('an expired session', async () => {
      const [user] = await t.app.db.select().from(users).where(eq(users.email, t.fixture.customerA.userEmail));
      const session = await createSession(t.app.db, user!.id);
      const cookie = `${SESSION_COOKIE}=${session.id}`;
      expect((await whoAmI(cookie)).statusCode).toBe(200);

      await t.app.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.idHash, hashToken(session.id)));
      const me = await whoAmI(cookie);
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual({ message: 'Please sign in' });
      expect((await t.app.inject({ url: '/api/customer/properties', headers: { cookie } })).statusCode).toBe(401);

      // A session row inserted already expired is no better.
      const staleId = randomToken();
      await t.app.db.insert(sessions).values({ idHash: hashToken(staleId), userId: user!.id, expiresAt: new Date(Date.now() - 60_000) });
      expect((await whoAmI(`${SESSION_COOKIE}=${staleId}`)).statusCode).toBe(401);

      // Signing in with the expired cookie gives a fresh session and removes the stale one.
      const signedIn = await signIn(await linkToken(t.fixture.customerA.userEmail), { cookie });
      const fresh = sessionOf(signedIn)!;
      expect(fresh).not.toBe(session.id);
      expect((await whoAmI(`${SESSION_COOKIE}=${fresh}`)).statusCode).toBe(200);
      expect(
        await t.app.db
          .select()
          .from(sessions)
          .where(eq(sessions.idHash, hashToken(session.id))),
      ).toEqual([]);

      // The hourly purge deletes expired sessions and week-old links, and nothing current.
      const oldLink = randomToken();
      await t.app.db
        .insert(signInTokens)
        .values({ tokenHash: hashToken(oldLink), userId: user!.id, returnTo: '/', expiresAt: new Date(Date.now() - 8 * 86_400_000) });
      const currentLink = await linkToken(t.fixture.customerA.userEmail);
      await purgeExpiredSignIns(t.app.db);
      expect(
        await t.app.db
          .select()
          .from(sessions)
          .where(eq(sessions.idHash, hashToken(staleId))),
      ).toEqual([]);
      expect(
        await t.app.db
          .select()
          .from(signInTokens)
          .where(eq(signInTokens.tokenHash, hashToken(oldLink))),
      ).toEqual([]);
      expect(
        await t.app.db
          .select()
          .from(signInTokens)
          .where(eq(signInTokens.tokenHash, hashToken(currentLink))),
      ).toHaveLength(1);
      expect((await whoAmI(`${SESSION_COOKIE}=${fresh}`)).statusCode).toBe(200);
    });
  });
});
