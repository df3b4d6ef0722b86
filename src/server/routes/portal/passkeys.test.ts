import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REAUTHENTICATE, SECOND_FACTOR_NEEDED } from '../../../shared/passkeys';
import { auditEvents, passkeys, recoveryCodes, sessions, users } from '../../db/schema';
import { hashToken } from '../../modules/accounts/tokens';
import { testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { sessionCookie, signInAs } from '#test/sign-in';
import { SoftPasskey } from '#test/soft-passkey';

describe.each(testDatabases)('passkeys and recovery codes on %s', (kind) => {
  const t = testAppFor(kind);
  const json = { 'content-type': 'application/json' };
  const post = (url: string, cookie: string | undefined, body?: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : json) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
  /** The session cookie a response set, as a Cookie header. */
  const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) => {
    const value = response.cookies.find((c) => c.name === t.app.sessionCookieName)?.value;
    return value ? `${t.app.sessionCookieName}=${value}` : undefined;
  };
  const origin = () => t.app.config.appUrl.origin;

  /** An owner (or other role) signed in by e-mail link alone: the session the console must not open yet. */
  async function linkOnly(role: 'owner' | 'office' | 'crew' = 'owner') {
    const person = await signInAs(t.app, role);
    return { ...person, cookie: await sessionCookie(t.app, person.email, { secondFactor: null }) };
  }

  /** Adds a passkey through the API, as the console does after the first link sign-in; returns the new cookie if the session was renewed. */
  async function addPasskey(cookie: string, passkey: SoftPasskey, name?: string) {
    const options = await post('/api/account/passkeys/options', cookie);
    expect(options.statusCode).toBe(200);
    const added = await post('/api/account/passkeys', cookie, { name, response: passkey.register(options.json()) });
    return { added, cookie: cookieOf(added) ?? cookie };
  }

  async function signInWithPasskey(passkey: SoftPasskey, returnTo?: string, tweak: Parameters<SoftPasskey['authenticate']>[1] = {}) {
    const options = await post('/api/auth/passkey/options', undefined);
    expect(options.statusCode).toBe(200);
    return post('/api/auth/passkey/sign-in', undefined, { response: passkey.authenticate(options.json(), tweak), returnTo });
  }

  it('keeps an owner signed in by link alone out of the console until they add a passkey, then lets them in', async () => {
    const owner = await linkOnly('owner');
    expect((await get('/api/auth/user', owner.cookie)).json().passkey).toBe('register');
    const refused = await get('/api/admin/customers', owner.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SECOND_FACTOR_NEEDED);
    // The portal's data is refused too: the whole signed-in API waits for the passkey.
    expect((await get('/api/customer/properties', owner.cookie)).statusCode).toBe(403);

    const passkey = new SoftPasskey(origin());
    const { added, cookie } = await addPasskey(owner.cookie, passkey, 'Office laptop');
    expect(added.statusCode).toBe(201);
    const body = added.json();
    expect(body.passkey).toEqual({ id: expect.any(String), name: 'Office laptop' });
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    for (const code of body.recoveryCodes) expect(code).toMatch(/^[2-9a-hj-km-np-z]{5}-[2-9a-hj-km-np-z]{5}$/);
    // Stored hashed: no code appears in the table.
    const stored = await t.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, owner.userId));
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(body.recoveryCodes[0].replace('-', ''));

    // The session was renewed under a new id, confirmed; the link's old one is gone.
    expect(cookie).not.toBe(owner.cookie);
    expect((await get('/api/auth/user', owner.cookie)).statusCode).toBe(401);
    expect((await get('/api/auth/user', cookie)).json().passkey).toBe('confirmed');
    expect((await get('/api/admin/customers', cookie)).statusCode).toBe(200);

    // The passkey's user handle is the account's id, not its e-mail.
    expect(passkey.userHandle).toBe(owner.userId);
  });

  it('asks an owner with a passkey who signed in by link to confirm with it, and refuses adding another until then', async () => {
    const owner = await linkOnly('owner');
    await addPasskey(owner.cookie, new SoftPasskey(origin()));
    const again = await sessionCookie(t.app, owner.email, { secondFactor: null });
    expect((await get('/api/auth/user', again)).json().passkey).toBe('confirm');
    const options = await post('/api/account/passkeys/options', again);
    expect(options.statusCode).toBe(403);
    expect(options.json().message).toBe(SECOND_FACTOR_NEEDED);
    expect(await t.app.db.select().from(passkeys).where(eq(passkeys.userId, owner.userId))).toHaveLength(1);
    // Both refusals are in the audit log, with their reason.
    await get('/api/admin/customers', again);
    const logged = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, owner.userId), eq(auditEvents.kind, 'refused')));
    expect(logged.map((event) => event.action).sort()).toEqual(['GET /api/admin/customers', 'POST /api/account/passkeys/options']);
    for (const event of logged) expect(event).toMatchObject({ summary: 'Refused: the session has no passkey yet', statusCode: 403 });
  });

  it('signs in with a passkey alone, to the role’s home, and records it', async () => {
    const owner = await linkOnly('owner');
    const passkey = new SoftPasskey(origin());
    await addPasskey(owner.cookie, passkey);

    const signedIn = await signInWithPasskey(passkey);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ redirectTo: '/admin' });
    const cookie = cookieOf(signedIn)!;
    expect((await get('/api/admin/customers', cookie)).statusCode).toBe(200);
    expect((await signInWithPasskey(passkey, '/admin/schedule')).json()).toEqual({ redirectTo: '/admin/schedule' });
    expect((await signInWithPasskey(passkey, '//evil.example')).json()).toEqual({ redirectTo: '/admin' });

    const [row] = await t.app.db.select().from(passkeys).where(eq(passkeys.userId, owner.userId));
    expect(row!.counter).toBe(3);
    expect(row!.lastUsedAt).not.toBeNull();
    const signIns = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, owner.userId), eq(auditEvents.action, 'sign-in.passkey')));
    expect(signIns).toHaveLength(3);
  });

  it('signs a crew member in with a passkey to /crew, whatever portal or console page the sign-in page was opened for', async () => {
    const crew = await linkOnly('crew');
    const passkey = new SoftPasskey(origin());
    await addPasskey(crew.cookie, passkey);
    expect((await signInWithPasskey(passkey)).json()).toEqual({ redirectTo: '/crew' });
    expect((await signInWithPasskey(passkey, '/customer-dashboard')).json()).toEqual({ redirectTo: '/crew' });
    expect((await signInWithPasskey(passkey, '/admin')).json()).toEqual({ redirectTo: '/crew' });
    expect((await signInWithPasskey(passkey, '/crew?visit=7')).json()).toEqual({ redirectTo: '/crew?visit=7' });
  });

  it('refuses a replayed answer, another origin, no user verification, an unknown passkey and a removed one', async () => {
    const owner = await linkOnly('owner');
    const passkey = new SoftPasskey(origin());
    const { cookie } = await addPasskey(owner.cookie, passkey);

    const options = await post('/api/auth/passkey/options', undefined);
    const answer = passkey.authenticate(options.json());
    expect((await post('/api/auth/passkey/sign-in', undefined, { response: answer })).statusCode).toBe(200);
    const replayed = await post('/api/auth/passkey/sign-in', undefined, { response: answer });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toMatch(/^That passkey did not sign you in/);
    expect(cookieOf(replayed)).toBeUndefined();

    expect((await signInWithPasskey(passkey, undefined, { origin: 'https://lakeshore-lot-care.evil.example' })).statusCode).toBe(400);
    expect((await signInWithPasskey(passkey, undefined, { userVerified: false })).statusCode).toBe(400);
    expect((await signInWithPasskey(new SoftPasskey(origin()))).statusCode).toBe(400);
    // A malformed answer is a 400 with the body's problem, not a crash.
    expect((await post('/api/auth/passkey/sign-in', undefined, { response: { id: 'x' } })).statusCode).toBe(400);

    const failures = await t.app.db.select().from(auditEvents).where(eq(auditEvents.kind, 'sign_in_failed'));
    expect(failures.filter((event) => event.action === 'sign-in.passkey')).toHaveLength(4);

    // Once a second passkey is added, the first can go; removed, it signs nobody in.
    const second = new SoftPasskey(origin());
    expect((await addPasskey(cookie, second)).added.statusCode).toBe(201);
    const [first] = await t.app.db.select().from(passkeys).where(eq(passkeys.credentialId, passkey.id));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/account/passkeys/${first!.id}`, headers: { cookie } })).statusCode).toBe(204);
    expect((await signInWithPasskey(passkey)).statusCode).toBe(400);
    expect((await signInWithPasskey(second)).statusCode).toBe(200);
  });

  it('lists, renames and removes passkeys, but never an owner’s last one; a crew member may remove theirs', async () => {
    const owner = await linkOnly('owner');
    const { cookie, added } = await addPasskey(owner.cookie, new SoftPasskey(origin()), 'Work phone');
    const id = added.json().passkey.id;
    const list = await get('/api/account/passkeys', cookie);
    expect(list.json()).toEqual({
      passkeys: [{ id, name: 'Work phone', createdAt: expect.any(String), lastUsedAt: null, synced: false }],
      required: true,
      recoveryCodesLeft: 10,
    });
    const patch = (body: unknown, target = id) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/account/passkeys/${target}`,
        headers: { cookie, ...json },
        payload: JSON.stringify(body),
      });
    expect((await patch({ name: '  Office laptop  ' })).statusCode).toBe(204);
    expect((await get('/api/account/passkeys', cookie)).json().passkeys[0].name).toBe('Office laptop');
    const blank = await patch({ name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please give the passkey a name');
    expect((await patch({ name: 'x'.repeat(61) })).json().message).toBe('Please use at most 60 characters');
    expect((await get('/api/account/passkeys', cookie)).json().passkeys[0].name).toBe('Office laptop');

    const last = await t.app.inject({ method: 'DELETE', url: `/api/account/passkeys/${id}`, headers: { cookie } });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toMatch(/^This is your only passkey/);

    // Someone else's passkey is "not found", to rename or remove.
    const other = await linkOnly('office');
    const { cookie: otherCookie } = await addPasskey(other.cookie, new SoftPasskey(origin()));
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/account/passkeys/${id}`, headers: { cookie: otherCookie } })).statusCode,
    ).toBe(404);

    const crew = await signInAs(t.app, 'crew');
    const crewAdded = await addPasskey(crew.cookie, new SoftPasskey(origin()));
    expect(crewAdded.added.statusCode).toBe(201);
    expect((await get('/api/account/passkeys', crew.cookie)).json().required).toBe(false);
    const crewId = crewAdded.added.json().passkey.id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/account/passkeys/${crewId}`, headers: { cookie: crew.cookie } })).statusCode,
    ).toBe(204);

    // Customers have no passkeys.
    expect((await post('/api/account/passkeys/options', t.as('customerA').cookie)).statusCode).toBe(403);

    const changes = await t.app.db.select().from(auditEvents).where(eq(auditEvents.kind, 'passkey'));
    expect(changes.map((event) => event.summary)).toEqual(
      expect.arrayContaining(['Added a first passkey', 'Renamed a passkey', 'Removed a passkey']),
    );
  });

  it('takes each recovery code once, in place of the passkey after a link, and a new set replaces the old', async () => {
    const owner = await linkOnly('owner');
    const { added, cookie } = await addPasskey(owner.cookie, new SoftPasskey(origin()));
    const codes: string[] = added.json().recoveryCodes;

    const link = await sessionCookie(t.app, owner.email, { secondFactor: null });
    const wrong = await post('/api/auth/recovery-code', link, { code: 'aaaaa-bbbbb' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^That recovery code is not right/);
    expect((await post('/api/auth/recovery-code', link, { code: '' })).json().message).toBe('Please enter one of your recovery codes');
    expect((await get('/api/admin/customers', link)).statusCode).toBe(403);

    // Typed in capitals, with spaces instead of the dash: still the code.
    const used = await post('/api/auth/recovery-code', link, { code: ` ${codes[0]!.toUpperCase().replace('-', ' ')} ` });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({ left: 9 });
    const confirmed = cookieOf(used)!;
    expect((await get('/api/admin/customers', confirmed)).statusCode).toBe(200);
    const [row] = await t.app.db
      .select({ secondFactor: sessions.secondFactor })
      .from(sessions)
      .where(eq(sessions.idHash, hashToken(confirmed.split('=')[1]!)));
    expect(row).toEqual({ secondFactor: 'recovery-code' });
    expect((await get('/api/auth/user', link)).statusCode).toBe(401);

    // The same code again, in another link-only session: refused.
    const later = await sessionCookie(t.app, owner.email, { secondFactor: null });
    expect((await post('/api/auth/recovery-code', later, { code: codes[0] })).statusCode).toBe(400);
    // Without any session there is nobody to confirm.
    expect((await post('/api/auth/recovery-code', undefined, { code: codes[1] })).statusCode).toBe(401);

    // A new set: the old codes stop working.
    const fresh = await post('/api/account/recovery-codes', cookie);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().codes).toHaveLength(10);
    expect((await post('/api/auth/recovery-code', later, { code: codes[1] })).statusCode).toBe(400);
    expect((await post('/api/auth/recovery-code', later, { code: fresh.json().codes[0] })).statusCode).toBe(200);
    expect((await get('/api/account/passkeys', cookie)).json().recoveryCodesLeft).toBe(9);
  });

  it('lets an owner reset another member’s passkeys, ending their sessions, but not their own; office may not', async () => {
    const office = await linkOnly('office');
    const { cookie: officeCookie } = await addPasskey(office.cookie, new SoftPasskey(origin()));
    const owner = await signInAs(t.app, 'owner');
    const reset = (id: string, cookie = owner.cookie) => post(`/api/admin/staff/${id}/reset-passkeys`, cookie);

    expect((await reset(office.userId, officeCookie)).statusCode).toBe(403);
    const listed = async () =>
      (await get('/api/admin/staff', owner.cookie)).json().find((member: { id: string }) => member.id === office.userId);
    expect((await listed()).passkeys).toBe(1);
    const self = await reset(owner.userId);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot reset your own passkeys here. Manage them in Your account.');

    const done = await reset(office.userId);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ removed: 1 });
    expect((await listed()).passkeys).toBe(0);
    expect(await t.app.db.select().from(passkeys).where(eq(passkeys.userId, office.userId))).toHaveLength(0);
    expect(await t.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, office.userId))).toHaveLength(0);
    expect((await get('/api/auth/user', officeCookie)).statusCode).toBe(401);
    // Their next link sign-in asks them for a new passkey.
    const next = await sessionCookie(t.app, office.email, { secondFactor: null });
    expect((await get('/api/auth/user', next)).json().passkey).toBe('register');

    const [event] = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'passkey'), eq(auditEvents.targetId, office.userId)));
    expect(event).toMatchObject({ actorId: owner.userId, summary: 'Reset another member’s passkeys (1 removed)' });
    expect((await reset('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('asks for a recent sign-in before another passkey, a removal or new recovery codes', async () => {
    const owner = await linkOnly('owner');
    const { cookie, added } = await addPasskey(owner.cookie, new SoftPasskey(origin()));
    await addPasskey(cookie, new SoftPasskey(origin()));
    // The session was opened 20 minutes ago: too long for changing how the account signs in.
    await t.app.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 20 * 60 * 1000) })
      .where(eq(sessions.idHash, hashToken(cookie.split('=')[1]!)));
    const stale = [
      await post('/api/account/passkeys/options', cookie),
      await post('/api/account/recovery-codes', cookie),
      await t.app.inject({ method: 'DELETE', url: `/api/account/passkeys/${added.json().passkey.id}`, headers: { cookie } }),
    ];
    for (const response of stale) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: REAUTHENTICATE, problem: 'reauthenticate' });
    }
    expect(await t.app.db.select().from(passkeys).where(eq(passkeys.userId, owner.userId))).toHaveLength(2);
    // Renaming changes nothing about signing in: still allowed.
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/account/passkeys/${added.json().passkey.id}`,
      headers: { cookie, ...json },
      payload: JSON.stringify({ name: 'Kitchen tablet' }),
    });
    expect(rename.statusCode).toBe(204);
  });

  it('asks for discoverable, user-verified P-256 or Ed25519 passkeys only, never the account’s e-mail as its handle', async () => {
    const owner = await linkOnly('owner');
    const options = (await post('/api/account/passkeys/options', owner.cookie)).json();
    expect(options.pubKeyCredParams.map((param: { alg: number }) => param.alg)).toEqual([-8, -7]);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.rp).toEqual({ id: t.app.config.appUrl.hostname, name: 'Lakeshore Lot Care' });
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(owner.userId);
    expect(options.timeout).toBe(5 * 60 * 1000);
  });

  it('limits recovery-code tries per IP: the 11th in an hour is refused before it is checked', async () => {
    const owner = await linkOnly('owner');
    const { added } = await addPasskey(owner.cookie, new SoftPasskey(origin()));
    const link = await sessionCookie(t.app, owner.email, { secondFactor: null });
    const attempt = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/recovery-code',
        headers: { cookie: link, ...json },
        payload: JSON.stringify({ code }),
        remoteAddress: '203.0.113.77',
      });
    for (let i = 0; i < 10; i++) expect((await attempt('aaaaa-bbbbb')).statusCode).toBe(400);
    const limited = await attempt(added.json().recoveryCodes[0]);
    expect(limited.statusCode).toBe(429);
    expect(
      await t.app.db
        .select()
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, owner.userId))),
    ).toHaveLength(10);
    expect((await get('/api/account/passkeys', await sessionCookie(t.app, owner.email))).json().recoveryCodesLeft).toBe(10);
  });

  it('refuses a registration answered for another challenge or origin, and stores nothing', async () => {
    const owner = await linkOnly('owner');
    const passkey = new SoftPasskey(origin());
    const options = (await post('/api/account/passkeys/options', owner.cookie)).json();
    const wrongOrigin = await post('/api/account/passkeys', owner.cookie, {
      response: passkey.register(options, { origin: 'http://evil.example' }),
    });
    expect(wrongOrigin.statusCode).toBe(400);
    expect(wrongOrigin.json().message).toBe('That passkey could not be checked. Please try again.');
    // The challenge was used up by that try: the same options do not work twice.
    expect((await post('/api/account/passkeys', owner.cookie, { response: passkey.register(options) })).statusCode).toBe(400);
    const noUv = (await post('/api/account/passkeys/options', owner.cookie)).json();
    expect(
      (await post('/api/account/passkeys', owner.cookie, { response: passkey.register(noUv, { userVerified: false }) })).statusCode,
    ).toBe(400);
    // Another user's challenge does not register a passkey for this one.
    const other = await linkOnly('office');
    const othersOptions = (await post('/api/account/passkeys/options', other.cookie)).json();
    expect((await post('/api/account/passkeys', owner.cookie, { response: passkey.register(othersOptions) })).statusCode).toBe(400);
    expect(await t.app.db.select().from(passkeys).where(eq(passkeys.userId, owner.userId))).toHaveLength(0);
    expect((await get('/api/auth/user', owner.cookie)).json().passkey).toBe('register');
  });

  it('signs a disabled member in with a passkey never', async () => {
    const owner = await linkOnly('owner');
    const passkey = new SoftPasskey(origin());
    await addPasskey(owner.cookie, passkey);
    await t.app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, owner.userId));
    const refused = await signInWithPasskey(passkey);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^This account is switched off/);
  });
});
