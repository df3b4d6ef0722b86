import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import type { AccountSession } from '../../../shared/api/sessions';
import type { StaffMember } from '../../../shared/api/staff';
import { createSession } from './sessions';
import { testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { signInAs } from '#test/sign-in';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

describe.each(testDatabases)('sessions on %s', (kind) => {
  const t = testAppFor(kind);
  const whoAmI = (cookie: string) => t.app.inject({ url: '/api/auth/user', headers: { cookie } });
  const sessionOf = async (userId: string) => (await t.app.db.select().from(sessions).where(eq(sessions.userId, userId)))[0]!;

  it('gives each kind of user its idle timeout and maximum: staff 12 h and 7 days, crew 14 days, customers 30 and 90 days', async () => {
    const owner = await signInAs(t.app, 'owner');
    const crew = await signInAs(t.app, 'crew');
    const customer = await signInAs(t.app, 'customer');
    const hours = async (userId: string) => {
      const row = await sessionOf(userId);
      return { idle: row.idleSeconds / 3600, max: Math.round((row.expiresAt.getTime() - row.createdAt.getTime()) / 3_600_000) };
    };
    expect(await hours(owner.userId)).toEqual({ idle: 12, max: 7 * 24 });
    expect(await hours(crew.userId)).toEqual({ idle: 14 * 24, max: 90 * 24 });
    expect(await hours(customer.userId)).toEqual({ idle: 30 * 24, max: 90 * 24 });

    // A staff session idle 13 hours has ended; one used an hour ago has not.
    expect((await whoAmI(owner.cookie)).statusCode).toBe(200);
    await t.app.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '13 hours'` })
      .where(eq(sessions.userId, owner.userId));
    expect((await whoAmI(owner.cookie)).statusCode).toBe(401);
    await t.app.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '15 days'` })
      .where(eq(sessions.userId, crew.userId));
    expect((await whoAmI(crew.cookie)).statusCode).toBe(401);
    // Past its maximum, a customer's session ends however recently it was used.
    await t.app.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, customer.userId));
    expect((await whoAmI(customer.cookie)).statusCode).toBe(401);
  });

  it('writes "last used" at most every 5 minutes, not on every request', async () => {
    const owner = await signInAs(t.app, 'owner');
    await t.app.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '2 minutes'` })
      .where(eq(sessions.userId, owner.userId));
    const before = (await sessionOf(owner.userId)).lastUsedAt;
    expect((await whoAmI(owner.cookie)).statusCode).toBe(200);
    expect((await sessionOf(owner.userId)).lastUsedAt).toEqual(before);
    await t.app.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '6 minutes'` })
      .where(eq(sessions.userId, owner.userId));
    expect((await whoAmI(owner.cookie)).statusCode).toBe(200);
    expect(Date.now() - (await sessionOf(owner.userId)).lastUsedAt.getTime()).toBeLessThan(60_000);
  });

  it('lists your sessions with device and last use, signs one out, and signs out everywhere else', async () => {
    const customer = await signInAs(t.app, 'customer');
    const make = async (userAgent: string, ip: string) =>
      `${t.app.sessionCookieName}=${(await createSession(t.app.db, customer.userId, { client: { userAgent, ip } })).id}`;
    const phone = await make(PHONE, '198.51.100.4');
    const laptop = await make(LAPTOP, '203.0.113.9');
    const list = async (cookie: string) => {
      const response = await t.app.inject({ url: '/api/account/sessions', headers: { cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AccountSession[]>();
    };
    const seen = await list(laptop);
    expect(seen).toHaveLength(3);
    expect(seen.find((session) => session.current)).toMatchObject({ device: 'Chrome on Windows', ip: '203.0.113.9' });
    const onPhone = seen.find((session) => session.device === 'Chrome on Android')!;
    expect(onPhone).toMatchObject({ current: false, ip: '198.51.100.4' });
    expect(JSON.stringify(seen)).not.toContain(phone.split('=')[1]);

    // Another user cannot end it; its owner can.
    const other = await signInAs(t.app, 'customer');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${onPhone.id}`, headers: { cookie: other.cookie } })).statusCode,
    ).toBe(404);
    expect((await whoAmI(phone)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${onPhone.id}`, headers: { cookie: laptop } })).statusCode,
    ).toBe(204);
    expect((await whoAmI(phone)).statusCode).toBe(401);

    const others = await t.app.inject({ method: 'POST', url: '/api/account/sessions/sign-out-others', headers: { cookie: laptop } });
    expect(others.json()).toEqual({ ended: 1 });
    expect((await whoAmI(customer.cookie)).statusCode).toBe(401);
    expect((await whoAmI(laptop)).statusCode).toBe(200);
    const remaining = await list(laptop);
    expect(remaining).toHaveLength(1);
    const [own] = remaining;
    expect(own!.current).toBe(true);
    // Signing out this browser's own session from the list also clears its cookie.
    const self = await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${own!.id}`, headers: { cookie: laptop } });
    expect(self.statusCode).toBe(204);
    expect(self.cookies.find((c) => c.name === t.app.sessionCookieName)?.value).toBe('');
    expect((await whoAmI(laptop)).statusCode).toBe(401);
  });

  it('ends every session of a disabled user at once and refuses to sign them in; owners manage staff, staff disable customers’ users', async () => {
    const crew = await signInAs(t.app, 'crew');
    const office = await signInAs(t.app, 'office');
    const customer = await signInAs(t.app, 'customer');
    const owner = await signInAs(t.app, 'owner');
    const patch = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'PATCH', url, headers: { cookie }, payload });

    // Office staff cannot manage staff; an owner can.
    expect((await patch(office.cookie, `/api/admin/staff/${crew.userId}`, { disabled: true })).statusCode).toBe(403);
    const disabled = await patch(owner.cookie, `/api/admin/staff/${crew.userId}`, { disabled: true });
    expect(disabled.json<StaffMember>()).toMatchObject({ id: crew.userId, role: 'crew', disabled: true });
    expect((await whoAmI(crew.cookie)).statusCode).toBe(401);
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, crew.userId))).toEqual([]);
    await expect(createSession(t.app.db, crew.userId)).rejects.toThrow('This account is switched off');
    await patch(owner.cookie, `/api/admin/staff/${crew.userId}`, { disabled: false });
    const again = await createSession(t.app.db, crew.userId);
    expect((await whoAmI(`${t.app.sessionCookieName}=${again.id}`)).statusCode).toBe(200);

    // A new role ends the member's sessions; nobody changes their own role or disables themselves.
    const promoted = await patch(owner.cookie, `/api/admin/staff/${office.userId}`, { role: 'owner' });
    expect(promoted.json()).toMatchObject({ role: 'owner' });
    expect((await whoAmI(office.cookie)).statusCode).toBe(401);
    expect((await patch(owner.cookie, `/api/admin/staff/${owner.userId}`, { disabled: true })).json()).toMatchObject({
      message: 'You cannot disable your own account.',
    });
    expect((await patch(owner.cookie, `/api/admin/staff/${owner.userId}`, { role: 'crew' })).statusCode).toBe(409);
    expect((await patch(owner.cookie, `/api/admin/staff/${customer.userId}`, { disabled: true })).statusCode).toBe(404);
    expect((await patch(owner.cookie, `/api/admin/staff/${crew.userId}`, {})).statusCode).toBe(400);

    // Staff switch a customer's user off; the customer's session ends with it.
    const staffCookie = t.as('staff').cookie!;
    expect((await patch(staffCookie, `/api/admin/customer-users/${customer.userId}`, { disabled: true })).json()).toEqual({
      id: customer.userId,
      disabled: true,
    });
    expect((await whoAmI(customer.cookie)).statusCode).toBe(401);
    expect((await patch(staffCookie, `/api/admin/customer-users/${crew.userId}`, { disabled: true })).statusCode).toBe(404);
    const [row] = await t.app.db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, customer.userId));
    expect(row!.disabledAt).not.toBeNull();
  });
});

describe('the session cookie over https', () => {
  const t = testAppFor('pglite', { env: { APP_URL: 'https://lots.example' } });
  it('is __Host- prefixed, Secure, on Path=/ and without a Domain; the old name signs nobody in', async () => {
    expect(t.app.sessionCookieName).toBe('__Host-session');
    expect(t.app.sessionCookieOptions).toEqual({ httpOnly: true, sameSite: 'lax', secure: true, path: '/' });
    const response = await t.app.inject({ url: '/api/auth/user', headers: t.as('staff') });
    expect(response.statusCode).toBe(200);
    const reply = await t.app.inject({
      url: '/api/auth/user',
      headers: { cookie: t.as('staff').cookie!.replace('__Host-session', 'session') },
    });
    expect(reply.statusCode).toBe(401);
  });
});
