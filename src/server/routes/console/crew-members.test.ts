import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { idsThatAreNotCrew } from '../../modules/accounts/crew-members';
import { signInTokens, users } from '../../db/schema';
import { testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { signInAs } from '#test/sign-in';
import { signInLinkFrom } from '#test/smtp';

describe.each(testDatabases)('the crew member list on %s', (kind) => {
  const t = testAppFor(kind, { smtp: true });
  const json = { 'content-type': 'application/json' };
  const invite = (body: unknown, headers: Record<string, string> = t.as('staff')) =>
    t.app.inject({ method: 'POST', url: '/api/admin/crew-members', headers: { ...headers, ...json }, payload: JSON.stringify(body) });

  it('lists crew members by first name, and no one of another role', async () => {
    await t.app.db.insert(users).values([
      { email: 'zoe@lakeshorelotcare.com', firstName: 'Zoe', lastName: 'Lind', role: 'crew' },
      { email: 'marcus@lakeshorelotcare.com', firstName: 'Marcus', lastName: 'Hill', role: 'crew' },
      { email: 'dana@lakeshorelotcare.com', firstName: 'Dana', lastName: 'Office', role: 'office' },
    ]);
    const response = await t.app.inject({ url: '/api/admin/crew-members', headers: t.as('staff') });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((member: { firstName: string }) => member.firstName)).toEqual(['Marcus', 'Zoe']);
  });

  it('tells which ids cannot be assigned work', async () => {
    const crew = await signInAs(t.app, 'crew');
    const office = await signInAs(t.app, 'office');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await idsThatAreNotCrew(t.app.db, [crew.userId, office.userId, unknown])).toEqual([office.userId, unknown]);
    expect(await idsThatAreNotCrew(t.app.db, [])).toEqual([]);
  });

  it('invites a crew member: a user with role crew, and an invitation to the crew page by e-mail', async () => {
    const office = await signInAs(t.app, 'office');
    await t.app.db.update(users).set({ firstName: 'Dana', lastName: 'Kowalski' }).where(eq(users.id, office.userId));
    const response = await invite({ email: ' Luis.Ortega@Example.com ', firstName: 'Luis', lastName: 'Ortega' }, { cookie: office.cookie });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(String), message: 'Invitation sent to luis.ortega@example.com' });
    const [user] = await t.app.db.select().from(users).where(eq(users.email, 'luis.ortega@example.com'));
    expect(user).toMatchObject({ role: 'crew', firstName: 'Luis', lastName: 'Ortega', customerId: null });

    const mail = await t.smtp.nextMailTo('luis.ortega@example.com');
    expect(mail.decoded).toContain('Dana Kowalski');
    const link = new URL(signInLinkFrom(mail));
    const [token] = await t.app.db.select().from(signInTokens).where(eq(signInTokens.userId, user!.id));
    expect(token).toMatchObject({ invitedBy: office.userId, returnTo: '/crew' });
    expect(link.searchParams.get('token')).toBeTruthy();

    const listed = await t.app.inject({ url: '/api/admin/crew-members', headers: t.as('staff') });
    expect(listed.json()).toEqual([{ id: user!.id, email: 'luis.ortega@example.com', firstName: 'Luis', lastName: 'Ortega' }]);
  });

  it('refuses an address that already signs in, and bad input, with clear messages and nothing stored', async () => {
    const crew = await signInAs(t.app, 'crew');
    const office = await signInAs(t.app, 'office');
    const cases: Array<[unknown, number, Record<string, string>]> = [
      [
        { email: t.fixture.customerA.userEmail, firstName: 'Pat', lastName: 'Lee' },
        409,
        { email: 'This e-mail belongs to a customer’s user. Crew members need their own address.' },
      ],
      [{ email: office.email, firstName: 'Pat', lastName: 'Lee' }, 409, { email: 'This e-mail belongs to a member of the office staff' }],
      [{ email: crew.email.toUpperCase(), firstName: 'Pat', lastName: 'Lee' }, 409, { email: 'This person is already a crew member' }],
      [
        { email: 'not an address', firstName: ' ', lastName: 'Lee' },
        400,
        { email: 'Please enter a valid email address', firstName: 'First name is required' },
      ],
      [{ email: 'pat@example.com', firstName: 'Pat' }, 400, { lastName: 'Last name is required' }],
    ];
    const before = await t.app.db.select().from(users);
    for (const [body, status, errors] of cases) {
      const response = await invite(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await t.app.db.select().from(users)).toEqual(before);
    expect(await t.app.db.select().from(signInTokens)).toEqual([]);
  });
});
