import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { emailOutbox, users } from '../../db/schema';
import { createTestApp } from '#test/app';
import { validContact } from '#test/fixtures';
import { startSmtpServer } from '#test/smtp';
import { testDatabaseFor, testDatabases } from '#test/database';

const json = { 'content-type': 'application/json' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases)('an SMTP outage on %s', (kind) => {
  const suite = testDatabaseFor(kind);

  it('keeps a request notice and a sign-in e-mail in the outbox, then delivers each exactly once when SMTP returns', async () => {
    await suite.database.db.insert(users).values([
      { email: 'crew@lakeshorelotcare.com', firstName: 'Sam', lastName: 'Staff', role: 'owner' },
      { email: 'pat@southridgeplaza.com', firstName: 'Pat', lastName: 'Manager', role: 'customer' },
    ]);
    // Find a free port with a real server, then stop it: the outage.
    const probe = await startSmtpServer();
    await probe.close();
    const env = { SMTP_URL: probe.url };
    // On PostgreSQL two servers share the outbox, as two instances would; each must not send what the other sent.
    const apps: App[] = [await createTestApp(suite.database, {}, env)];
    if (kind === 'postgres') apps.push(await createTestApp(suite.database, {}, env));
    try {
      const contact = await apps[0]!.inject({ method: 'POST', url: '/api/contact', headers: json, payload: JSON.stringify(validContact) });
      expect(contact.statusCode).toBe(201);
      const link = await apps.at(-1)!.inject({
        method: 'POST',
        url: '/api/auth/sign-in-link',
        headers: json,
        payload: { email: 'pat@southridgeplaza.com' },
      });
      expect(link.statusCode).toBe(202);

      // Both are tried, fail, and wait in the outbox for a retry.
      for (let waited = 0; waited < 5000; waited += 100) {
        const rows = await suite.database.db.select().from(emailOutbox);
        if (rows.length === 2 && rows.every((row) => row.attempts >= 1)) break;
        await sleep(100);
      }
      const waiting = await suite.database.db.select().from(emailOutbox);
      expect(waiting.map((row) => row.toAddress).sort()).toEqual(['crew@lakeshorelotcare.com', 'pat@southridgeplaza.com']);
      expect(waiting.every((row) => row.status === 'pending' && row.attempts >= 1 && row.lastError)).toBe(true);

      // SMTP comes back on the same port; the retry (5 s after the first failure) delivers both.
      const smtp = await startSmtpServer(Number(new URL(probe.url).port));
      try {
        const notice = await smtp.nextMailTo('crew@lakeshorelotcare.com', 15_000);
        expect(notice.decoded).toContain('Jane Kowalski');
        const signIn = await smtp.nextLinkTo('pat@southridgeplaza.com', 15_000);
        expect(signIn).toContain('/login/verify?token=');

        // Several more polls of every worker: nothing is sent twice.
        await sleep(2500);
        expect(smtp.received).toHaveLength(0);
        const sent = await suite.database.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'sent'));
        expect(sent).toHaveLength(2);
      } finally {
        await smtp.close();
      }
    } finally {
      for (const app of apps) await app.close();
    }
  }, 40_000);
});
