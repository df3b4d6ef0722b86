import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { signInTokens, users } from '../../db/schema';
import type { EmailMessage } from '../mail/outbox';
import { emptyTables, testDatabaseFor, testDatabases } from '#test/database';
import { inviteStaffMember, inviteUser } from './users.service';

/** The e-mails the module hands to the outbox (the outbox and SMTP are tested on their own). */
function collectingMail() {
  const sent: EmailMessage[] = [];
  return { sent, queue: { send: async (message: EmailMessage) => (sent.push(message), 'queued') } };
}

describe.each(testDatabases)('invitations on %s', (kind) => {
  const suite = testDatabaseFor(kind);
  const appUrl = new URL('http://localhost:3000');

  it('invites a staff member: from the owner who sent it, 7 days, to their own home (the crew page for a crew member)', async () => {
    await emptyTables(suite.database);
    const [owner, crew] = await suite.database.db
      .insert(users)
      .values([
        { email: 'maria@lakeshorelotcare.com', firstName: 'Maria', lastName: 'Lopez', role: 'owner' },
        { email: 'sam@lakeshorelotcare.com', firstName: 'Sam', role: 'crew' },
      ])
      .returning();
    const mail = collectingMail();
    const sent = await inviteStaffMember(suite.database.db, mail.queue, appUrl, crew!.id, owner!.id);
    expect(sent.email).toBe('sam@lakeshorelotcare.com');
    const [message] = mail.sent;
    expect(message!.text).toContain(sent.link);
    expect(message!.subject).toBe('Maria Lopez invited you to the Lakeshore Lot Care crew page');
    expect(message!.text).toContain('Maria Lopez at Lakeshore Lot Care has invited you to the Lakeshore Lot Care crew page.');
    expect(message!.text).toContain('the lots and visits assigned to you');
    expect(message!.text).not.toContain('the office answers quote requests');
    expect(message!.text).toContain('The invitation works once, for 7 days.');
    expect(message!.text).not.toMatch(/did not ask/i);
    expect(message!.html).toContain('Accept the invitation');
    const [row] = await suite.database.db.select().from(signInTokens).where(eq(signInTokens.userId, crew!.id));
    // No browser asked for it, so it is bound to none: whoever opens it confirms the address first.
    expect(row).toMatchObject({ purpose: 'invitation', invitedBy: owner!.id, returnTo: '/crew', browserNonceHash: null });

    // From the operator command, the invitation comes from the company; a customer is not staff.
    const office = collectingMail();
    await inviteStaffMember(suite.database.db, office.queue, appUrl, owner!.id, null);
    expect(office.sent[0]!.subject).toBe('Lakeshore Lot Care invited you to the Lakeshore Lot Care staff console');
    expect(office.sent[0]!.text).toContain('the office answers quote requests');
    const [ownerRow] = await suite.database.db.select().from(signInTokens).where(eq(signInTokens.userId, owner!.id));
    expect(ownerRow).toMatchObject({ purpose: 'invitation', invitedBy: null, returnTo: '/admin', browserNonceHash: null });
    await expect(inviteUser(suite.database.db, office.queue, appUrl, crew!.id, owner!.id)).rejects.toThrow();
  });

  it('escapes what it puts into the HTML', async () => {
    await emptyTables(suite.database);
    const [owner, customerUser] = await suite.database.db
      .insert(users)
      .values([
        { email: 'owner@lakeshorelotcare.com', firstName: '<b>Eve</b>', role: 'owner' },
        { email: 'x@example.com', firstName: '<i>X</i>', role: 'owner' },
      ])
      .returning();
    const mail = collectingMail();
    await inviteStaffMember(suite.database.db, mail.queue, appUrl, customerUser!.id, owner!.id);
    expect(mail.sent[0]!.html).not.toContain('<b>Eve</b>');
    expect(mail.sent[0]!.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.sent[0]!.html).not.toContain('<i>X</i>');
  });
});
