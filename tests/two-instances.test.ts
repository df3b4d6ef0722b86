import { describe, expect, it } from 'vitest';
import { createSession } from '../src/server/modules/accounts/sessions';
import { createSignInLink } from '../src/server/modules/accounts/sign-in-links';
import { users } from '../src/server/db/schema';
import { freePort, startServer, stopServers, waitUntilReady } from '#test/server-process';
import { postContact } from '#test/load';
import { targets, withDatabase } from '#test/targets';

const postgres = targets.find((target) => target.name === 'PostgreSQL');

describe.runIf(postgres)('two server instances on one PostgreSQL', () => {
  it('share sessions, sign-out and rate limits', async () => {
    const { env, options, cleanup } = await postgres!.env();
    const token = await withDatabase(options, async (db) => {
      const [user] = await db
        .insert(users)
        .values({ email: 'pat@southridgeplaza.com', firstName: 'Pat', lastName: 'Manager', role: 'customer' })
        .returning();
      const link = await createSignInLink(db, new URL('http://localhost'), user!.id, '/customer-dashboard');
      return new URL(link).searchParams.get('token')!;
    });
    const shared = { ...env, CONTACT_RATE_LIMIT_MAX: '4', LOG_LEVEL: 'warn' };
    const [first, second] = [startServer(shared, await freePort()), startServer(shared, await freePort())];
    try {
      await Promise.all([waitUntilReady(first), waitUntilReady(second)]);

      // Signed in on the first…
      // (An operator's link was asked for by no browser, so the account's address goes with it.)
      const signIn = await fetch(`${first.url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, email: 'pat@southridgeplaza.com' }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
      const whoAmI = (server: { url: string }) => fetch(`${server.url}/api/auth/user`, { headers: { cookie } });
      // …is signed in on the second.
      expect((await whoAmI(second)).status).toBe(200);
      expect((await whoAmI(first)).status).toBe(200);

      // Signed out on the second ends the session on both.
      const logout = await fetch(`${second.url}/api/logout`, {
        headers: { cookie, 'sec-fetch-site': 'same-origin' },
        redirect: 'manual',
      });
      expect(logout.status).toBe(302);
      expect((await whoAmI(first)).status).toBe(401);
      expect((await whoAmI(second)).status).toBe(401);

      // A limit of 4 quote requests per address is 4 in all, not 4 per instance.
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await postContact(first.url)).status, (await postContact(second.url)).status);
      expect(codes).toEqual([201, 201, 201, 201, 429, 429]);
    } finally {
      // Both exit cleanly on SIGTERM.
      expect(await stopServers(first, second)).toEqual([0, 0]);
      await cleanup();
    }
  }, 60_000);
});

describe.runIf(postgres)('disabling a user on one instance', () => {
  it('ends their open session on the other at once', async () => {
    const { env, options, cleanup } = await postgres!.env();
    const cookies = await withDatabase(options, async (db) => {
      const [owner] = await db
        .insert(users)
        .values({ email: 'owner@lakeshorelotcare.com', firstName: 'Olivia', role: 'owner' })
        .returning();
      const [crew] = await db.insert(users).values({ email: 'luis@lakeshorelotcare.com', firstName: 'Luis', role: 'crew' }).returning();
      return {
        crewId: crew!.id,
        owner: `session=${(await createSession(db, owner!.id, { secondFactor: 'passkey' })).id}`,
        crew: `session=${(await createSession(db, crew!.id)).id}`,
      };
    });
    const [first, second] = [
      startServer({ ...env, LOG_LEVEL: 'warn' }, await freePort()),
      startServer({ ...env, LOG_LEVEL: 'warn' }, await freePort()),
    ];
    try {
      await Promise.all([waitUntilReady(first), waitUntilReady(second)]);
      const crewOn = (server: { url: string }) => fetch(`${server.url}/api/crew/visits`, { headers: { cookie: cookies.crew } });
      expect((await fetch(`${second.url}/api/auth/user`, { headers: { cookie: cookies.crew } })).status).toBe(200);
      const disabled = await fetch(`${first.url}/api/admin/staff/${cookies.crewId}`, {
        method: 'PATCH',
        headers: { cookie: cookies.owner, 'content-type': 'application/json' },
        body: JSON.stringify({ disabled: true }),
      });
      expect(disabled.status).toBe(200);
      // The very next request on the other instance is refused: nothing there remembered the session.
      expect((await fetch(`${second.url}/api/auth/user`, { headers: { cookie: cookies.crew } })).status).toBe(401);
      expect((await crewOn(second)).status).toBe(401);
    } finally {
      // Both exit cleanly on SIGTERM.
      expect(await stopServers(first, second)).toEqual([0, 0]);
      await cleanup();
    }
  }, 60_000);
});
