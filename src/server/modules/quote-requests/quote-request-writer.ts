import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database';
import type { quoteRequests } from '../../db/schema';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { isUrgent } from '../../../shared/urgency';
import { type MailContext, newRequestEmail } from '../mail';

/**
 * A batch of quote requests and their staff notices in one statement, column by column
 * (unnest), so its text never changes and PostgreSQL plans it once. Each notice is
 * rendered once and addressed in SQL to every recipient: the fixed list ($21) or, when
 * it is empty, every staff user, so the batch needs no query of its own to find them.
 * The column lists follow src/server/db/schema.ts; the writer's tests fail if they drift.
 */
const STORE_REQUESTS_SQL = `
  with requests as (
    insert into quote_requests (id, name, email, phone, service, property_size, urgency, message, consent,
      consent_text, consented_at, client_ip, user_agent, is_spam, status, submitted_at, urgent)
    select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
      $9::boolean[], $10::text[], $11::timestamptz[], $12::text[], $13::text[], $14::boolean[], $15::text[], $16::timestamptz[],
      $22::boolean[])
    returning id
  ),
  recipients as (
    select email from users where role in ('owner', 'office') and disabled_at is null and cardinality($21::text[]) = 0
    union all
    select unnest($21::text[])
  ),
  queued as (
    insert into email_outbox (to_address, subject, text_body, html_body, reply_to)
    select recipients.email, notice.subject, notice.text_body, notice.html_body, notice.reply_to
    from unnest($17::text[], $18::text[], $19::text[], $20::text[]) as notice (subject, text_body, html_body, reply_to)
    cross join recipients
    returning 1
  )
  select count(*)::integer as queued from queued`;

/** A request to store; whether it is urgent is decided here, by src/shared/urgency.ts. */
export type NewQuoteRequest = Omit<typeof quoteRequests.$inferInsert, 'id' | 'submittedAt' | 'urgent' | 'customerId'> & {
  submittedAt: Date;
};

export interface StoredQuoteRequest {
  id: string;
  submittedAt: Date;
  /** How many staff notification e-mails were queued with it. */
  notices: number;
}

interface Pending {
  request: NewQuoteRequest;
  resolve(stored: StoredQuoteRequest): void;
  reject(error: unknown): void;
}

export interface ContactWriterOptions {
  /** Fixed recipients for the staff notice; when empty, every staff user. */
  staffNotifyEmails: string[];
  inboxUrl: string;
  /** Batches in flight at once: 1 for PGlite (it runs one statement at a time anyway), a few for PostgreSQL. */
  concurrency: number;
  maxBatch?: number;
  /** Called once a batch that queued notices has committed, to have them sent at once. */
  queued?: () => void;
}

/**
 * Stores quote requests in batches: requests that arrive while a batch is being
 * written go together into the next one (group commit). Each request still gets
 * its 201 only after the statement holding it has committed, with its staff
 * notices queued in that same statement. Under a burst this turns hundreds of
 * small commits into a few large ones; with no burst a batch is one request.
 */
export class QuoteRequestWriter {
  private readonly queue: Pending[] = [];
  private inFlight = 0;
  private pumpScheduled = false;
  private readonly maxBatch: number;

  constructor(
    private readonly database: Database,
    private readonly options: ContactWriterOptions,
  ) {
    this.maxBatch = options.maxBatch ?? 200;
  }

  store(request: NewQuoteRequest): Promise<StoredQuoteRequest> {
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

  private async write(requests: NewQuoteRequest[]): Promise<StoredQuoteRequest[]> {
    const rows = requests.map((request) => ({ ...request, id: randomUUID(), urgent: isUrgent(request) }));
    const announced = rows.filter((row) => row.status !== 'spam');
    // The notice does not depend on its recipient: rendered once, addressed in SQL.
    const notices = announced.map((row) =>
      newRequestEmail(
        '',
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
          urgent: row.urgent,
        },
        this.options.inboxUrl,
      ),
    );
    const column = <T>(pick: (row: (typeof rows)[number]) => T) => rows.map(pick);
    // One statement: the requests and their notices are stored together or not at all.
    const [result] = await this.database.run<{ queued: number }>('store_quote_requests', STORE_REQUESTS_SQL, [
      column((r) => r.id),
      column((r) => r.name),
      column((r) => r.email),
      column((r) => r.phone ?? null),
      column((r) => r.service),
      column((r) => r.propertySize ?? null),
      column((r) => r.urgency ?? null),
      column((r) => r.message),
      column((r) => r.consent),
      column((r) => r.consentText),
      column((r) => r.consentedAt.toISOString()),
      column((r) => r.clientIp ?? null),
      column((r) => r.userAgent ?? null),
      column((r) => r.isSpam ?? false),
      column((r) => r.status ?? 'new'),
      column((r) => r.submittedAt.toISOString()),
      notices.map((n) => n.subject),
      notices.map((n) => n.text),
      notices.map((n) => n.html),
      notices.map((n) => n.replyTo ?? null),
      this.options.staffNotifyEmails,
      column((r) => r.urgent),
    ]);
    // The statement has committed (it is its own transaction): its notices can go.
    if (Number(result!.queued) > 0) this.options.queued?.();
    // Every announced request went to the same recipients.
    const perRequest = announced.length ? Number(result!.queued) / announced.length : 0;
    return rows.map((row) => ({ id: row.id, submittedAt: row.submittedAt, notices: row.status === 'spam' ? 0 : perRequest }));
  }
}

/** The app's writer: its notices addressed and linked as the mail context says, and sent once each batch commits. */
export function quoteRequestWriter(database: Database, mail: MailContext) {
  return new QuoteRequestWriter(database, {
    staffNotifyEmails: mail.staffNotifyEmails,
    inboxUrl: new URL('/admin/submissions', mail.appUrl).toString(),
    concurrency: database.kind === 'postgres' ? 4 : 1,
    queued: () => mail.queued(),
  });
}
