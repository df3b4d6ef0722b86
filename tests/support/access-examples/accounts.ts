import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { passkeys, sessions, users } from '../../../src/server/db/schema';
import { createSession } from '../../../src/server/modules/accounts/sessions';
import { hashToken } from '../../../src/server/modules/accounts/tokens';
import type { Caller, MakeExample } from '../access-examples';
import { SoftPasskey } from '../soft-passkey';

/** A new user of a role, made for the example (a staff member to change, a customer's user to disable). */
async function newUser(t: Parameters<MakeExample>[0], role: 'crew' | 'customer'): Promise<string> {
  const [user] = await t.app.db
    .insert(users)
    .values({
      email: `${role}-${randomUUID().slice(0, 8)}@example.com`,
      role,
      customerId: role === 'customer' ? t.fixture.customerA.id : null,
    })
    .returning({ id: users.id });
  return user!.id;
}

/** A passkey row of the caller's own (its key is never checked by renaming or removing it); a random id for nobody. */
async function storedPasskey(t: Parameters<MakeExample>[0], caller: Caller): Promise<string> {
  if (!caller.userId) return randomUUID();
  const [row] = await t.app.db
    .insert(passkeys)
    .values({ userId: caller.userId, credentialId: randomUUID(), publicKey: 'unused', deviceType: 'singleDevice', name: 'Old phone' })
    .returning({ id: passkeys.id });
  return row!.id;
}

/** Sessions and passkeys (everyone's own) and the people staff manage (issue 13). */
export const ACCOUNT_EXAMPLES: Record<string, MakeExample> = {
  'GET /api/account/sessions': () => ({ url: '/api/account/sessions' }),
  // Another session of the caller's own (on another browser), which they may sign out.
  'DELETE /api/account/sessions/:id': async (t, caller) => {
    if (!caller.userId) return { url: `/api/account/sessions/${randomUUID()}` };
    const { id } = await createSession(t.app.db, caller.userId);
    const [row] = await t.app.db
      .select({ publicId: sessions.publicId })
      .from(sessions)
      .where(eq(sessions.idHash, hashToken(id)));
    return { url: `/api/account/sessions/${row!.publicId}` };
  },
  'POST /api/account/sessions/sign-out-others': () => ({ url: '/api/account/sessions/sign-out-others' }),
  'GET /api/account/passkeys': () => ({ url: '/api/account/passkeys' }),
  'POST /api/account/passkeys/options': () => ({ url: '/api/account/passkeys/options' }),
  // A real passkey (in software) answering the caller's own challenge.
  'POST /api/account/passkeys': async (t, caller) => {
    const options = await t.app.inject({ method: 'POST', url: '/api/account/passkeys/options', headers: caller.headers });
    const challenge = options.statusCode === 200 ? options.json() : { challenge: 'none', user: { id: 'none' } };
    return {
      url: '/api/account/passkeys',
      payload: { name: 'Office laptop', response: new SoftPasskey(t.app.config.appUrl.origin).register(challenge) },
    };
  },
  'PATCH /api/account/passkeys/:id': async (t, caller) => ({
    url: `/api/account/passkeys/${await storedPasskey(t, caller)}`,
    payload: { name: 'Work phone' },
  }),
  // Two, so that removing one is never refused as an owner's last.
  'DELETE /api/account/passkeys/:id': async (t, caller) => {
    await storedPasskey(t, caller);
    return { url: `/api/account/passkeys/${await storedPasskey(t, caller)}` };
  },
  'POST /api/account/recovery-codes': async (t, caller) => {
    await storedPasskey(t, caller);
    return { url: '/api/account/recovery-codes' };
  },
  'GET /api/admin/staff': () => ({ url: '/api/admin/staff' }),
  'POST /api/admin/staff': () => ({
    url: '/api/admin/staff',
    payload: { email: `new-${randomUUID().slice(0, 8)}@lakeshorelotcare.com`, firstName: 'Maya', role: 'office' },
  }),
  'POST /api/admin/staff/:id/reset-passkeys': async (t) => ({ url: `/api/admin/staff/${await newUser(t, 'crew')}/reset-passkeys` }),
  'PATCH /api/admin/staff/:id': async (t) => ({ url: `/api/admin/staff/${await newUser(t, 'crew')}`, payload: { disabled: true } }),
  'PATCH /api/admin/customer-users/:id': async (t) => ({
    url: `/api/admin/customer-users/${await newUser(t, 'customer')}`,
    payload: { disabled: true },
  }),
};
