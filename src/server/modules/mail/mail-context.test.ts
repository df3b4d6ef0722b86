import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { emailOutbox, users } from '../../db/schema';
import { changeServiceRequestStatus, createServiceRequest } from '../service-requests/service-requests.service';
import { quoteRequestWriter, type NewQuoteRequest } from '../quote-requests/quote-request-writer';
import type { MailContext } from './mail-context';
import { OutboxWorker, enqueueEmail, type MailSender } from './outbox';
import { testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { validContact } from '#test/fixtures';

const silent = pino({ level: 'silent' });

describe.each(testDatabases)('mail queued by a module on %s', (kind) => {
  const t = testAppFor(kind);

  describe('in a transaction that rolls back', () => {
    it('is never sent, however often the worker is woken', async () => {
      // A worker of the test's own, alone on the outbox.
      await t.app.mail.worker.stop();
      const db = t.app.db;
      const sent: string[] = [];
      const sender: MailSender = { send: async (message) => void sent.push(message.to) };
      const worker = new OutboxWorker(db, sender, 'Lakeshore Lot Care <no-reply@example.com>', silent, 20);
      worker.start();
      try {
        const message = { to: 'new.hire@example.com', subject: 'Welcome', text: 'Hello', html: '<p>Hello</p>' };
        await expect(
          db.transaction(async (tx) => {
            await enqueueEmail(tx, message);
            worker.kick();
            throw new Error('the rest of the work failed');
          }),
        ).rejects.toThrow('the rest of the work failed');
        worker.kick();
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(await worker.drain()).toBe(0);
        expect(sent).toEqual([]);
        expect(await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, message.to))).toEqual([]);

        // The same e-mail committed is sent, once.
        await enqueueEmail(db, message);
        worker.kick();
        await expect.poll(() => sent, { timeout: 5000 }).toEqual(['new.hire@example.com']);
        expect(await worker.drain()).toBe(0);
        expect(sent).toEqual(['new.hire@example.com']);
      } finally {
        await worker.stop();
      }
    });
  });

  describe('in its own transaction', () => {
    /** A mail context that records, at each wake, how many e-mails to `address` another connection sees committed. */
    function watchedMail(address: string) {
      const seen: Array<Promise<number>> = [];
      const committed = () =>
        t.app.db
          .select({ n: count() })
          .from(emailOutbox)
          .where(eq(emailOutbox.toAddress, address))
          .execute()
          .then(([row]) => row!.n);
      const mail: MailContext = {
        appUrl: t.app.mail.appUrl,
        staffNotifyEmails: ['office@example.com'],
        queued: () => void seen.push(committed()),
      };
      return { mail, seen: () => Promise.all(seen) };
    }

    it('wakes the outbox worker once that transaction has committed', async () => {
      const [requester] = await t.app.db.select().from(users).where(eq(users.email, t.fixture.customerA.userEmail));
      const staff = watchedMail('office@example.com');
      const created = await createServiceRequest(t.app.db, t.app.photoStorage, staff.mail, {
        kind: 'extra_cleanup',
        propertyId: t.fixture.customerA.propertyId,
        requester: { id: requester!.id, customerId: t.fixture.customerA.id },
        note: 'Before the weekend, please',
        preferredDates: [],
        photos: [],
      });
      expect(await staff.seen()).toEqual([1]);

      const [owner] = await t.app.db.select().from(users).where(eq(users.email, t.fixture.staffEmail));
      const customer = watchedMail(requester!.email);
      const update = { status: 'declined', reply: 'We are booked that weekend.' } as const;
      await changeServiceRequestStatus(t.app.db, customer.mail, created.id, update, owner!.id);
      expect(await customer.seen()).toEqual([1]);
      // Nothing the customer sees changed: no e-mail, no wake.
      await changeServiceRequestStatus(t.app.db, customer.mail, created.id, update, owner!.id);
      expect(await customer.seen()).toEqual([1]);
    });

    it('wakes it for a batch of quote requests with staff notices, not for spam', async () => {
      const staff = watchedMail('office@example.com');
      const writer = quoteRequestWriter(t.app.database, staff.mail);
      const request = (status: 'new' | 'spam'): NewQuoteRequest => ({
        ...validContact,
        status,
        isSpam: status === 'spam',
        consentText: 'I agree',
        consentedAt: new Date(),
        submittedAt: new Date(),
      });
      await writer.store(request('spam'));
      expect(await staff.seen()).toEqual([]);
      await writer.store(request('new'));
      expect(await staff.seen()).toEqual([1]);
    });
  });
});
