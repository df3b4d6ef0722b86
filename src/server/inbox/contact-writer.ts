import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { contactRequests, emailOutbox, users } from '../db/schema';
import { isDatabaseUnavailable } from '../db/unavailable';
import { outboxRow } from '../mail/outbox';
import { newRequestEmail } from '../mail/templates';

export type NewContactRequest = Omit<typeof contactRequests.$inferInsert, 'id' | 'submittedAt'> & { submittedAt: Date };

export interface StoredContactRequest {
  id: string;
  submittedAt: Date;
  /** How many staff notification e-mails were queued with it. */
  notices: number;
}

interface Pending {
  request: NewContactRequest;
  resolve(stored: StoredContactRequest): void;
  reject(error: unknown): void;
}

export interface ContactWriterOptions {
  /** Fixed recipients for the staff notice; when empty, every staff user. */
  staffNotifyEmails: string[];
  inboxUrl: string;
  /** Transactions in flight at once: 1 for PGlite (it runs one at a time anyway), a few for PostgreSQL. */
  concurrency: number;
  maxBatch?: number;
}

/**
 * Stores quote requests in batches: requests that arrive while a transaction is
 * committing are written together in the next one (group commit). Each request
 * still gets its 201 only after the transaction holding it has committed, with
 * its staff notices queued in the same transaction. Under a burst this turns
 * hundreds of small transactions into a few large ones; with no burst a batch
 * is one request and nothing waits.
 */
export class ContactRequestWriter {
  private readonly queue: Pending[] = [];
  private inFlight = 0;
  private pumpScheduled = false;
  private readonly maxBatch: number;

  constructor(
    private readonly db: Db,
    private readonly options: ContactWriterOptions,
  ) {
    this.maxBatch = options.maxBatch ?? 200;
  }

  store(request: NewContactRequest): Promise<StoredContactRequest> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.schedulePump();
    });
  }

  /**
   * Batches start on the next turn of the event loop, after it has read every request
   * that has arrived. PGlite runs on this thread and a whole transaction can finish
   * without yielding, so starting at once would make each batch one request long.
   */
  private schedulePump() {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump() {
    while (this.inFlight < this.options.concurrency && this.queue.length) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      void this.writeBatch(batch).finally(() => {
        this.inFlight--;
        this.schedulePump();
      });
    }
  }

  private async writeBatch(batch: Pending[]) {
    try {
      const stored = await this.write(batch.map((pending) => pending.request));
      batch.forEach((pending, i) => pending.resolve(stored[i]!));
    } catch (error) {
      if (batch.length === 1 || isDatabaseUnavailable(error)) {
        for (const pending of batch) pending.reject(error);
        return;
      }
      // One bad row must not fail the others: write each on its own.
      for (const pending of batch) await this.writeBatch([pending]);
    }
  }

  private async write(requests: NewContactRequest[]): Promise<StoredContactRequest[]> {
    const rows = requests.map((request) => ({ ...request, id: randomUUID() }));
    return this.db.transaction(async (tx) => {
      await tx.insert(contactRequests).values(rows);
      const announced = rows.filter((row) => row.status !== 'spam');
      const recipients = announced.length ? await this.recipients(tx as unknown as Db) : [];
      const notices = announced.flatMap((row) =>
        recipients.map((to) =>
          outboxRow(
            newRequestEmail(
              to,
              {
                id: row.id,
                name: row.name,
                email: row.email,
                phone: row.phone ?? null,
                service: row.service,
                propertySize: row.propertySize ?? null,
                urgency: row.urgency ?? null,
                message: row.message,
                submittedAt: row.submittedAt,
              },
              this.options.inboxUrl,
            ),
          ),
        ),
      );
      if (notices.length) await tx.insert(emailOutbox).values(notices);
      return rows.map((row) => ({ id: row.id, submittedAt: row.submittedAt, notices: row.status === 'spam' ? 0 : recipients.length }));
    });
  }

  private async recipients(db: Db): Promise<string[]> {
    if (this.options.staffNotifyEmails.length) return this.options.staffNotifyEmails;
    return (await db.select({ email: users.email }).from(users).where(eq(users.role, 'staff'))).map((user) => user.email);
  }
}
