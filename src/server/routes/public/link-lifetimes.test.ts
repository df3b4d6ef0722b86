import { afterEach, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { inviteStaffMember } from '../../modules/accounts/users.service';
import { testDatabases } from '#test/database';
import { testAppFor } from '#test/app';
import { signInLinkFrom, type ReceivedMail } from '#test/smtp';

/*
 * How long links work, with the clock moved rather than the rows edited: an invitation
 * (a customer's user invited from the console, a staff member invited by the operator
 * command) works once for 7 days, a sign-in link for 10 minutes. Mail goes over real SMTP.
 */

const json = { 'content-type': 'application/json' };
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The Subject header, unfolded. */
const subjectOf = (mail: ReceivedMail) => /^Subject: (.*)$/m.exec(mail.raw.replace(/\r?\n[ \t]+/g, ' '))![1];

describe.each(testDatabases)('invitation and sign-in link lifetimes on %s', (kind) => {
  const t = testAppFor(kind, { smtp: true, env: { APP_URL: 'http://localhost:3000' } });

  afterEach(() => {
    vi.useRealTimers();
  });

  /** Runs `act` as if `ms` had passed since now (only Date moves; timers and I/O run as usual). */
  async function later<T>(ms: number, act: () => Promise<T>): Promise<T> {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + ms);
    try {
      return await act();
    } finally {
      vi.useRealTimers();
    }
  }
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
  const check = async (token: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/auth/sign-in-link/check', headers: json, payload: JSON.stringify({ token }) })).json();
  /** Links here are opened without the asking browser's cookie, so the e-mail address is confirmed (the sign-in tests cover both). */
  const signIn = (token: string, email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: json, payload: JSON.stringify({ token, email }) });

  /** A staff member invites a new user of customer A from the console; the e-mail's link. */
  async function portalInvitation(email: string): Promise<{ mail: ReceivedMail; token: string }> {
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${t.fixture.customerA.id}/users`,
      headers: { ...json, ...t.as('staff') },
      payload: JSON.stringify({ email, firstName: 'Lee' }),
    });
    expect(added.statusCode).toBe(201);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${added.json<{ id: string }>().id}/invite`,
      headers: t.as('staff'),
    });
    expect(sent.statusCode).toBe(202);
    const mail = await t.smtp.nextMailTo(email);
    return { mail, token: tokenOf(signInLinkFrom(mail)) };
  }

  /** The operator command's invitation of a new office staff member (from the company, not a person). */
  async function staffInvitation(email: string): Promise<{ mail: ReceivedMail; token: string; link: string }> {
    const [user] = await t.app.db.insert(users).values({ email, firstName: 'Ana', role: 'office' }).returning();
    const { link } = await inviteStaffMember(t.app.db, t.app.mail, t.app.config.appUrl, user!.id, null);
    const mail = await t.smtp.nextMailTo(email);
    expect(signInLinkFrom(mail)).toBe(link);
    return { mail, token: tokenOf(link), link };
  }

  it('a portal invitation says who sent it and what the portal offers, without the sign-in line', async () => {
    const { mail } = await portalInvitation('leasing@plazaa.example');
    expect(subjectOf(mail)).toBe('Sam Staff invited you to the Lakeshore Lot Care customer portal');
    expect(mail.decoded).toContain(
      'Sam Staff at Lakeshore Lot Care has invited you to the Lakeshore Lot Care customer portal for Customer A Properties.',
    );
    expect(mail.decoded).toContain('each of your properties and the before and after photos from every visit');
    expect(mail.decoded).toContain('The invitation works once, for 7 days.');
    expect(mail.decoded).not.toMatch(/did not ask to sign in/i);
    expect(mail.decoded).not.toContain('10 minutes');
  });

  it('a staff invitation from the operator comes from the company and says what the console offers', async () => {
    const { mail } = await staffInvitation('ana@lakeshorelotcare.com');
    expect(subjectOf(mail)).toBe('Lakeshore Lot Care invited you to the Lakeshore Lot Care staff console');
    expect(mail.decoded).toContain('Lakeshore Lot Care has invited you to the Lakeshore Lot Care staff console.');
    expect(mail.decoded).toContain('the office answers quote requests');
    expect(mail.decoded).toContain('The invitation works once, for 7 days.');
    expect(mail.decoded).not.toMatch(/did not ask to sign in/i);
  });

  it.each([
    ['a portal invitation', 'portal', '/customer-dashboard'],
    ['a staff invitation', 'staff', '/admin'],
  ] as const)('%s (%s) still works 7 days less a minute later, once, and leads home', async (_label, which, home) => {
    const email = which === 'portal' ? 'leasing@plazaa.example' : 'ana@lakeshorelotcare.com';
    const { token } = which === 'portal' ? await portalInvitation(email) : await staffInvitation(email);
    expect(await check(token)).toEqual({ ok: true, confirmEmail: true, purpose: 'invitation', returnTo: home });

    const accepted = await later(7 * DAY - MINUTE, () => signIn(token, email));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ redirectTo: home });

    const again = await later(7 * DAY - MINUTE, () => signIn(token, email));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ problem: 'used', message: 'This invitation has already been used. Each invitation works once.' });
    expect(await check(token)).toMatchObject({ ok: false, problem: 'used', purpose: 'invitation', returnTo: home });
  });

  it.each([
    ['a portal invitation', 'portal', '/customer-dashboard'],
    ['a staff invitation', 'staff', '/admin'],
  ] as const)(
    '%s (%s) is refused 7 days and a minute later, as an expired invitation that can ask for a new link',
    async (_l, which, home) => {
      const email = which === 'portal' ? 'leasing@plazaa.example' : 'ana@lakeshorelotcare.com';
      const { token } = which === 'portal' ? await portalInvitation(email) : await staffInvitation(email);
      const expired = { ok: false, problem: 'expired', message: 'This invitation has expired. Invitations work for 7 days.' };
      expect(await later(7 * DAY + MINUTE, () => check(token))).toEqual({ ...expired, purpose: 'invitation', returnTo: home });
      const refused = await later(7 * DAY + MINUTE, () => signIn(token, email));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ problem: 'expired', message: expired.message });
      expect(refused.cookies).toEqual([]);

      // "Send me a new link" asks for an ordinary sign-in link to the same place: 10 minutes, with the usual line.
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in-link',
        headers: json,
        payload: JSON.stringify({ email, returnTo: home }),
      });
      expect(asked.statusCode).toBe(202);
      const fresh = await t.smtp.nextMailTo(email);
      expect(fresh.decoded).toContain('The link works once and expires in 10 minutes.');
      expect(fresh.decoded).toContain('If you did not ask to sign in, you can ignore this e-mail.');
      expect(await check(tokenOf(signInLinkFrom(fresh)))).toEqual({ ok: true, confirmEmail: true, purpose: 'sign-in', returnTo: home });
    },
  );

  it('a sign-in link keeps its 10 minutes (ASVS 6.5.5): accepted at 9, refused at 11, even for someone with a 7-day invitation', async () => {
    await staffInvitation('ana@lakeshorelotcare.com');
    const ask = async () => {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in-link',
        headers: json,
        payload: JSON.stringify({ email: 'ana@lakeshorelotcare.com', returnTo: '/admin' }),
      });
      return tokenOf(signInLinkFrom(await t.smtp.nextMailTo('ana@lakeshorelotcare.com')));
    };
    const early = await ask();
    const accepted = await later(9 * MINUTE, () => signIn(early, 'ana@lakeshorelotcare.com'));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ redirectTo: '/admin' });

    const late = await ask();
    const refused = await later(11 * MINUTE, () => signIn(late, 'ana@lakeshorelotcare.com'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ problem: 'expired', message: 'This sign-in link has expired. Links work for 10 minutes.' });
    expect(await later(11 * MINUTE, () => check(late))).toMatchObject({ ok: false, problem: 'expired', purpose: 'sign-in' });
  });

  it('a token that matches no link says nothing about purpose or destination', async () => {
    expect(await check('A'.repeat(43))).toEqual({
      ok: false,
      problem: 'invalid',
      message: 'This sign-in link is not valid. It may have been copied incompletely.',
    });
  });
});
