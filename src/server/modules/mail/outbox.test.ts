import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { MAX_ATTEMPTS, OutboxWorker, backoffSeconds, enqueueEmail, logSender, smtpSender } from './outbox';
import { invitationEmail, signInLinkEmail } from './templates';
import { signInLinkFrom, startSmtpServer } from '#test/smtp';
import { emptyTables, testDatabaseFor, testDatabases } from '#test/database';

const silent = pino({ level: 'silent' });

describe.each(testDatabases)('e-mail outbox on %s', (kind) => {
  const suite = testDatabaseFor(kind);

  it('keeps an e-mail through an SMTP outage and sends it once the server is back', async () => {
    await emptyTables(suite.database);
    // Find a free port with a real server, then stop it: the outage.
    const probe = await startSmtpServer();
    const url = probe.url;
    await probe.close();

    const sender = smtpSender(url);
    const worker = new OutboxWorker(suite.database.db, sender, 'Lakeshore Lot Care <no-reply@example.com>', silent);
    const id = await enqueueEmail(
      suite.database.db,
      signInLinkEmail({ to: 'manager@example.com', firstName: 'Pat', link: 'http://localhost:3000/login/verify?token=abc' }),
    );
    expect(await worker.drain()).toBe(0);
    const [failed] = await suite.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.lastError).toBeTruthy();
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: nothing is sent early.
    expect(await worker.drain()).toBe(0);

    // The server comes back on the same port and the retry falls due.
    const port = Number(new URL(url).port);
    const { SMTPServer } = await import('smtp-server');
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        stream.on('data', () => {});
        stream.on('end', () => {
          received.push(session.envelope.rcptTo[0]!.address);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    await suite.database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, id));
    expect(await worker.drain()).toBe(1);
    expect(received).toEqual(['manager@example.com']);
    const [sent] = await suite.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    sender.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends a burst in claimed batches; a refused e-mail is retried later and the rest of its batch stays due', async () => {
    await emptyTables(suite.database);
    const smtp = await startSmtpServer(0, { refuse: (address) => address === 'refused@example.com' });
    const received = () => smtp.received.map((mail) => mail.to[0]);
    const port = Number(new URL(smtp.url).port);
    const sender = smtpSender(`smtp://127.0.0.1:${port}`);
    const worker = new OutboxWorker(suite.database.db, sender, 'x@example.com', silent);
    try {
      const mail = (to: string) => ({ to, subject: 's', text: 't', html: '<p>t</p>' });
      for (let i = 0; i < 45; i++) await enqueueEmail(suite.database.db, mail(`crew${i}@example.com`));
      expect(await worker.drain()).toBe(45);
      expect(received()).toHaveLength(45);
      expect(new Set(received()).size).toBe(45);

      // Due in this order: first, refused, last.
      const ids: string[] = [];
      for (const [i, to] of ['first@example.com', 'refused@example.com', 'last@example.com'].entries()) {
        const id = await enqueueEmail(suite.database.db, mail(to));
        await suite.database.db
          .update(emailOutbox)
          .set({ nextAttemptAt: new Date(Date.now() - 3000 + i * 1000) })
          .where(eq(emailOutbox.id, id));
        ids.push(id);
      }
      const [ok, refused, last] = ids as [string, string, string];
      expect(await worker.drain()).toBe(1);
      const rows = new Map((await suite.database.db.select().from(emailOutbox)).map((row) => [row.id, row]));
      expect(rows.get(ok)).toMatchObject({ status: 'sent', attempts: 1 });
      expect(rows.get(refused)).toMatchObject({ status: 'pending', attempts: 1 });
      expect(rows.get(refused)!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      // Claimed with the refused one but not tried: due now, not in five minutes.
      expect(rows.get(last)).toMatchObject({ status: 'pending', attempts: 0 });
      expect(rows.get(last)!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect(await worker.drain()).toBe(1);
      expect(received().slice(45)).toEqual(['first@example.com', 'last@example.com']);
    } finally {
      sender.close();
      await smtp.close();
    }
  });

  it('delivers a sign-in link, then keeps no trace of it in the outbox; other e-mails keep their text', async () => {
    await emptyTables(suite.database);
    const smtp = await startSmtpServer();
    const sender = smtpSender(smtp.url);
    const worker = new OutboxWorker(suite.database.db, sender, 'x@example.com', silent);
    try {
      const token = 'Zq3xV9sT1nLwR8pK2mH7cB4dF6gJ0yA5eU_oI-tE';
      const link = `http://localhost:3000/login/verify?token=${token}`;
      const signIn = await enqueueEmail(suite.database.db, signInLinkEmail({ to: 'pat@example.com', firstName: 'Pat', link }));
      const invitation = await enqueueEmail(
        suite.database.db,
        invitationEmail({ to: 'sam@example.com', firstName: 'Sam', link, inviter: null, audience: 'crew' }),
      );
      const notice = await enqueueEmail(suite.database.db, { to: 'office@example.com', subject: 's', text: 'kept', html: '<p>kept</p>' });

      // Waiting to be sent, the link is still there: the worker needs it.
      const [pending] = await suite.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, signIn));
      expect(pending).toMatchObject({ sensitive: true, status: 'pending' });
      expect(pending!.textBody).toContain(token);

      expect(await worker.drain()).toBe(3);
      expect(signInLinkFrom(await smtp.nextMailTo('pat@example.com'))).toBe(link);
      expect((await smtp.nextMailTo('sam@example.com')).decoded).toContain(token);

      const rows = new Map((await suite.database.db.select().from(emailOutbox)).map((row) => [row.id, row]));
      for (const id of [signIn, invitation]) {
        expect(rows.get(id)).toMatchObject({ status: 'sent', sensitive: true, textBody: '', htmlBody: '' });
        expect(JSON.stringify(rows.get(id))).not.toContain(token);
      }
      expect(rows.get(notice)).toMatchObject({ status: 'sent', sensitive: false, textBody: 'kept', htmlBody: '<p>kept</p>' });
    } finally {
      sender.close();
      await smtp.close();
    }
  });

  it('keeps a sign-in link that could not be sent yet, for the next attempt', async () => {
    await emptyTables(suite.database);
    const worker = new OutboxWorker(suite.database.db, smtpSender('smtp://127.0.0.1:1'), 'x@example.com', silent);
    const link = 'http://localhost:3000/login/verify?token=still-needed';
    const id = await enqueueEmail(suite.database.db, signInLinkEmail({ to: 'pat@example.com', firstName: null, link }));
    expect(await worker.drain()).toBe(0);
    const [row] = await suite.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.textBody).toContain('token=still-needed');
  });

  it('marks an e-mail failed after the last attempt, and keeps it', async () => {
    await emptyTables(suite.database);
    const worker = new OutboxWorker(suite.database.db, smtpSender('smtp://127.0.0.1:1'), 'x@example.com', silent);
    const id = await enqueueEmail(suite.database.db, { to: 'a@example.com', subject: 's', text: 't', html: '<p>t</p>' });
    await suite.database.db
      .update(emailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(emailOutbox.id, id));
    await worker.drain();
    const [row] = await suite.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });
});

describe('outbox helpers', () => {
  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([5, 10, 20, 40]);
    expect(backoffSeconds(20)).toBe(3600);
  });

  it('prints e-mails to the log when no SMTP server is configured', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    await logSender(log, { printLinks: true }).send({
      from: 'x',
      to: 'pat@example.com',
      subject: 'Your sign-in link',
      text: 'http://localhost:3000/login/verify?token=abc',
      html: '',
      sensitive: true,
    });
    expect(lines.join('')).toContain('login/verify?token=abc');
  });

  it('never prints a sign-in link to the log for an https APP_URL', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const sender = logSender(log, { printLinks: false });
    const link = 'https://lots.example.com/login/verify?token=abc';
    await sender.send({ from: 'x', ...signInLinkEmail({ to: 'pat@example.com', firstName: null, link }) });
    await sender.send({ from: 'x', to: 'office@example.com', subject: 'Notice', text: 'Open the inbox', html: '' });
    expect(lines).toHaveLength(2);
    expect(lines.join('')).not.toContain('token=abc');
    expect(lines[1]).toContain('Open the inbox');
  });

  it('escapes every value in the HTML e-mail', () => {
    const mail = signInLinkEmail({
      to: 'a@example.com',
      firstName: '<script>alert(1)</script>',
      link: 'http://localhost/login/verify?token=a"b',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('token=a&quot;b');
    expect(mail.text).toContain('Hello <script>alert(1)</script>,');
  });
});
