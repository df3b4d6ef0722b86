import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../../src/server/db/schema';
import { createSession } from '../../../src/server/modules/accounts/sessions';
import { hashToken } from '../../../src/server/modules/accounts/tokens';
import type { MakeExample } from '../access-examples';

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

/** Sessions (everyone's own) and the people staff manage (issue 13). */
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
  'GET /api/admin/staff': () => ({ url: '/api/admin/staff' }),
  'PATCH /api/admin/staff/:id': async (t) => ({ url: `/api/admin/staff/${await newUser(t, 'crew')}`, payload: { disabled: true } }),
  'PATCH /api/admin/customer-users/:id': async (t) => ({
    url: `/api/admin/customer-users/${await newUser(t, 'customer')}`,
    payload: { disabled: true },
  }),
};
