import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Executor } from '../../db/executor';
import { preparedQuery } from '../../db/prepared';
import { MAX_ATTACHMENT_BYTES, emailAttachments, emailOutbox } from '../../db/schema';

/** An image shown inside the e-mail's HTML as `cid:<contentId>`. */
export interface InlineImage {
  contentId: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** The kinds of file an e-mail may carry: PDFs only (an estimate, an invoice, a report). */
export type AttachmentType = 'application/pdf';

/** A file attached to the e-mail (Content-Disposition: attachment), such as an invoice's PDF. */
export interface FileAttachment {
  filename: string;
  contentType: AttachmentType;
  data: Buffer;
}

/** An e-mail whose attached files weigh more than MAX_ATTACHMENT_BYTES together: refused before it is queued. */
export class AttachmentTooLargeError extends Error {
  constructor(readonly bytes: number) {
    super(`the e-mail's attachments weigh ${bytes} bytes; at most ${MAX_ATTACHMENT_BYTES} may be sent`);
    this.name = 'AttachmentTooLargeError';
  }
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on report e-mails). */
  headers?: Record<string, string>;
  inlineImages?: InlineImage[];
  /** Attached files, MAX_ATTACHMENT_BYTES together at most (schema.ts). */
  attachments?: FileAttachment[];
  /**
   * It carries a sign-in or invitation link. Its text and HTML are blanked in the outbox once it
   * is sent, so the database keeps no working link, and the log sender prints it only on http.
   */
  sensitive?: boolean;
}

/** Where modules hand e-mails over: stored in the outbox, then sent by its worker. */
export interface MailQueue {
  send(message: EmailMessage): Promise<string>;
}

/**
 * Stores an e-mail in the outbox; the worker sends it. Nothing is sent inline, so an SMTP outage
 * cannot lose it. Its images and files are stored once, beside it, until it is sent. Give it a
 * transaction to queue it with the change it tells about (all or nothing).
 */
export async function enqueueEmail(db: Executor, message: EmailMessage): Promise<string> {
  const files = message.attachments ?? [];
  const bytes = files.reduce((sum, file) => sum + file.data.byteLength, 0);
  if (bytes > MAX_ATTACHMENT_BYTES) throw new AttachmentTooLargeError(bytes);
  const [row] = await db.insert(emailOutbox).values(outboxRow(message)).returning({ id: emailOutbox.id });
  const parts: Array<typeof emailAttachments.$inferInsert> = [
    ...(message.inlineImages ?? []).map((image) => ({ emailId: row!.id, disposition: 'inline' as const, ...image })),
    ...files.map((file) => ({ emailId: row!.id, disposition: 'attachment' as const, contentId: null, ...file })),
  ];
  if (parts.length) await db.insert(emailAttachments).values(parts);
  return row!.id;
}

/** The outbox row for an e-mail, for inserting several at once. */
export function outboxRow(message: EmailMessage): typeof emailOutbox.$inferInsert {
  return {
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    replyTo: message.replyTo ?? null,
    headers: message.headers ?? {},
    sensitive: message.sensitive ?? false,
  };
}

export const MAX_ATTEMPTS = 10;

/** Run once per e-mail sent, so prepared: built once, and planned once per PostgreSQL connection. */
const markSentQuery = preparedQuery((db) =>
  db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
    .where(eq(emailOutbox.id, sql.placeholder('id')))
    .prepare('outbox_mark_sent'),
);
/** Marks a sign-in or invitation e-mail sent and forgets its body: the link it carried is the recipient's alone. */
const markSensitiveSentQuery = preparedQuery((db) =>
  db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, attempts: sql`${emailOutbox.attempts} + 1`, lastError: null, textBody: '', htmlBody: '' })
    .where(eq(emailOutbox.id, sql.placeholder('id')))
    .prepare('outbox_mark_sensitive_sent'),
);
/** E-mails claimed at once by a worker. */
const CLAIM_BATCH = 20;

/** Seconds to wait before the next try: 5 s, 10 s, 20 s … up to an hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(5 * 2 ** (attempts - 1), 3600);
}

export interface MailSender {
  send(message: EmailMessage & { from: string }): Promise<void>;
}

/** SMTP through nodemailer. */
export function smtpSender(url: string): MailSender & { close(): void } {
  // Bounded waits, so a batch of claimed e-mails (CLAIM_BATCH × about 40 s at worst) finishes well
  // inside its 15-minute claim and another worker never takes over e-mails still being sent.
  const transport: Transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message) {
      await transport.sendMail(nodemailerMessage(message));
    },
    close: () => transport.close(),
  };
}

/** An e-mail as nodemailer builds its MIME message: the inline images as `cid:` parts, then the attached files. */
export function nodemailerMessage(message: EmailMessage & { from: string }): SendMailOptions {
  return {
    from: message.from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    attachments: [
      ...(message.inlineImages ?? []).map((image) => ({
        cid: image.contentId,
        filename: image.filename,
        contentType: image.contentType,
        content: image.data,
        contentDisposition: 'inline' as const,
      })),
      ...(message.attachments ?? []).map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        content: file.data,
        contentDisposition: 'attachment' as const,
      })),
    ],
  };
}

/**
 * Without SMTP_URL, e-mails are printed to the server log so that a fresh
 * `npm start` still lets you sign in. This is for trying the product only: the
 * log then holds the recipient's address and the link.
 */
export function logSender(log: FastifyBaseLogger, { printLinks }: { printLinks: boolean }): MailSender {
  return {
    async send(message) {
      // config.ts refuses an https APP_URL without SMTP_URL; should one get here anyway, its links stay out of the log.
      const text = message.sensitive && !printLinks ? '(a sign-in link, not printed: APP_URL is https, so set SMTP_URL)' : message.text;
      log.info(
        { mail: { to: message.to, subject: message.subject, text } },
        'e-mail (SMTP_URL is not set, so it is printed here instead of sent)',
      );
    },
  };
}

/**
 * Sends due outbox rows one at a time. Each row is claimed by pushing its next
 * attempt forward before sending, so two workers never send the same row.
 * A failure is retried with backoff; after MAX_ATTEMPTS the row is marked failed.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Executor,
    private readonly sender: MailSender,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs = 1000,
  ) {}

  start() {
    this.stopped = false;
    this.schedule(0);
  }

  /** Sends anything due now (called after an e-mail is queued). */
  kick() {
    if (!this.stopped) this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running ??= this.drain()
        .then(
          () => undefined,
          (error: unknown) => void this.log.error({ err: error }, 'outbox worker failed'),
        )
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule(this.pollMs);
        });
    }, delay);
    this.timer.unref();
  }

  /**
   * Sends due e-mails until none is left; returns how many were sent. Rows are
   * claimed a few at a time (one query per batch instead of per e-mail), and each
   * is marked sent as soon as it has gone, so a crash re-sends at most the one in
   * flight. The claim outlasts a batch of slow sends (see smtpSender's timeouts).
   */
  async drain(): Promise<number> {
    let sent = 0;
    while (!this.stopped) {
      const claimed = await this.db
        .update(emailOutbox)
        .set({ nextAttemptAt: sql`now() + interval '15 minutes'` })
        .where(
          inArray(
            emailOutbox.id,
            sql`(select id from ${emailOutbox} where ${and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, sql`now()`))} order by ${emailOutbox.nextAttemptAt} limit ${CLAIM_BATCH} for update skip locked)`,
          ),
        )
        .returning();
      if (!claimed.length) return sent;
      // RETURNING comes in table order, not the subquery's (and every claimed row now has the same
      // next attempt): send the oldest first.
      claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      // The batch's parts in one query, the bytes of its inline images only: attached files, which
      // may weigh megabytes, are read one e-mail at a time just before it is sent, so a batch never
      // holds all of its files in memory.
      const parts = await this.db
        .select({
          emailId: emailAttachments.emailId,
          disposition: emailAttachments.disposition,
          contentId: emailAttachments.contentId,
          filename: emailAttachments.filename,
          contentType: emailAttachments.contentType,
          data: sql<Buffer | null>`case when ${emailAttachments.disposition} = 'inline' then ${emailAttachments.data} end`,
        })
        .from(emailAttachments)
        .where(
          inArray(
            emailAttachments.emailId,
            claimed.map((row) => row.id),
          ),
        );
      const images = parts.filter((part) => part.disposition === 'inline');
      const withFiles = new Set(parts.filter((part) => part.disposition === 'attachment').map((part) => part.emailId));
      let tried = 0;
      let failed = false;
      try {
        for (const row of claimed) {
          if (this.stopped) break;
          tried++;
          try {
            await this.sender.send({
              from: this.from,
              to: row.toAddress,
              replyTo: row.replyTo ?? undefined,
              subject: row.subject,
              text: row.textBody,
              html: row.htmlBody,
              headers: row.headers,
              sensitive: row.sensitive,
              inlineImages: images
                .filter((image) => image.emailId === row.id)
                .map(({ contentId, filename, contentType, data }) => ({ contentId: contentId!, filename, contentType, data: data! })),
              attachments: withFiles.has(row.id) ? await this.filesOf(row.id) : undefined,
            });
          } catch (error) {
            failed = true;
            await this.recordFailure(row, error);
            break;
          }
          await (row.sensitive ? markSensitiveSentQuery : markSentQuery)(this.db).execute({ id: row.id });
          // Its images and files have done their job: the outbox keeps the message's text, not its parts.
          if (withFiles.has(row.id) || images.some((image) => image.emailId === row.id))
            await this.db.delete(emailAttachments).where(eq(emailAttachments.emailId, row.id));
          sent++;
        }
      } finally {
        // Claimed but not tried (a failure, a stop or an error came first): due again now, for whichever worker is next.
        const untried = claimed.slice(tried).map((row) => row.id);
        if (untried.length)
          await this.db
            .update(emailOutbox)
            .set({ nextAttemptAt: sql`now()` })
            .where(inArray(emailOutbox.id, untried));
      }
      if (failed) return sent;
    }
    return sent;
  }

  private async filesOf(emailId: string): Promise<FileAttachment[]> {
    const files = await this.db
      .select({ filename: emailAttachments.filename, contentType: emailAttachments.contentType, data: emailAttachments.data })
      .from(emailAttachments)
      .where(and(eq(emailAttachments.emailId, emailId), eq(emailAttachments.disposition, 'attachment')))
      .orderBy(emailAttachments.filename);
    return files.map((file) => ({ ...file, contentType: file.contentType as AttachmentType }));
  }

  private async recordFailure(row: typeof emailOutbox.$inferSelect, error: unknown) {
    const attempts = row.attempts + 1;
    const message = error instanceof Error ? error.message : String(error);
    await this.db
      .update(emailOutbox)
      .set({
        attempts,
        lastError: message.slice(0, 1000),
        status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
        nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(attempts)})`,
      })
      .where(eq(emailOutbox.id, row.id));
    this.log.warn({ emailId: row.id, attempts, err: message }, 'e-mail could not be sent; will retry');
  }
}
