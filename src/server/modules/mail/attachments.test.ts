import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES, emailAttachments, emailOutbox } from '../../db/schema';
import { CONTENT_WIDTH, createPdfDocument, pageFlow } from '../../pdf/document';
import { drawTable } from '../../pdf/table';
import { heading } from '../../pdf/text';
import { AttachmentTooLargeError, OutboxWorker, enqueueEmail, smtpSender } from './outbox';
import { emptyTables, testDatabaseFor, testDatabases } from '#test/database';
import { makeJpeg } from '#test/fixtures';
import { mimeParts, startSmtpServer } from '#test/smtp';

const silent = pino({ level: 'silent' });

/** A one-page invoice drawn with the PDF kit, as its bytes. */
async function invoicePdf(): Promise<Buffer> {
  const doc = createPdfDocument({ title: 'Invoice 1001', subject: 'October 2026' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  const { newPage } = pageFlow(doc);
  const y = heading(doc, 'Invoice 1001', newPage());
  drawTable(
    doc,
    y,
    {
      columns: [
        { label: 'DESCRIPTION', width: CONTENT_WIDTH - 100, strong: true },
        { label: 'AMOUNT', width: 100, align: 'right' },
      ],
      rows: [['Weekly lot sweep, October', '$500.00']],
    },
    newPage,
  );
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

describe.each(testDatabases)('e-mail attachments on %s', (kind) => {
  const suite = testDatabaseFor(kind);

  it('sends a PDF through a real SMTP server, byte for byte, beside an inline image, once; then forgets the bytes', async () => {
    await emptyTables(suite.database);
    const db = suite.database.db;
    const smtp = await startSmtpServer();
    const sender = smtpSender(smtp.url);
    const worker = new OutboxWorker(db, sender, 'Lakeshore Lot Care <billing@example.com>', silent);
    try {
      const pdf = await invoicePdf();
      const logo = await makeJpeg({ width: 64, height: 64, color: '#1d5ed8' });
      const id = await enqueueEmail(db, {
        to: 'ap@southridgeplaza.com',
        subject: 'Invoice 1001',
        text: 'Your invoice is attached.',
        html: '<p>Your invoice is attached.</p><img src="cid:logo@lakeshore" alt="">',
        inlineImages: [{ contentId: 'logo@lakeshore', filename: 'logo.jpg', contentType: 'image/jpeg', data: logo }],
        attachments: [{ filename: 'invoice-1001.pdf', contentType: 'application/pdf', data: pdf }],
      });
      // Stored once each, beside the e-mail: not in its row.
      const stored = await db.select().from(emailAttachments).where(eq(emailAttachments.emailId, id));
      expect(stored.map((part) => [part.disposition, part.contentId, part.filename, Buffer.from(part.data).byteLength]).sort()).toEqual(
        [
          ['attachment', null, 'invoice-1001.pdf', pdf.byteLength],
          ['inline', 'logo@lakeshore', 'logo.jpg', logo.byteLength],
        ].sort(),
      );

      expect(await worker.drain()).toBe(1);
      const mail = await smtp.nextMailTo('ap@southridgeplaza.com');
      const parts = mimeParts(mail.raw);
      const [file] = parts.filter((part) => part.disposition === 'attachment');
      expect(file).toMatchObject({ filename: 'invoice-1001.pdf', contentType: 'application/pdf', contentId: undefined });
      expect(file!.data.equals(pdf)).toBe(true);
      const received = path.join(mkdtempSync(path.join(tmpdir(), 'attachment-')), file!.filename!);
      writeFileSync(received, file!.data);
      expect(execFileSync('qpdf', ['--check', received], { encoding: 'utf8' })).toContain('No syntax or stream encoding errors found');
      expect(execFileSync('pdftotext', ['-enc', 'UTF-8', received, '-'], { encoding: 'utf8' })).toContain('Weekly lot sweep, October');
      const [image] = parts.filter((part) => part.disposition === 'inline');
      expect(image).toMatchObject({ contentId: 'logo@lakeshore', contentType: 'image/jpeg' });
      expect(image!.data.equals(logo)).toBe(true);

      // Sent once: marked sent, its parts deleted, and later drains send nothing again.
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
      expect(await db.select().from(emailAttachments)).toEqual([]);
      await db
        .update(emailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(emailOutbox.id, id));
      expect(await worker.drain()).toBe(0);
      expect(smtp.received).toHaveLength(0);
    } finally {
      sender.close();
      await smtp.close();
    }
  });

  it('keeps the PDF through a failed attempt and sends it whole on the retry', async () => {
    await emptyTables(suite.database);
    const db = suite.database.db;
    const probe = await startSmtpServer();
    await probe.close();
    const sender = smtpSender(probe.url);
    const worker = new OutboxWorker(db, sender, 'billing@example.com', silent);
    const pdf = await invoicePdf();
    const id = await enqueueEmail(db, {
      to: 'ap@example.com',
      subject: 'Invoice',
      text: 't',
      html: '<p>t</p>',
      attachments: [{ filename: 'invoice.pdf', contentType: 'application/pdf', data: pdf }],
    });
    expect(await worker.drain()).toBe(0);
    expect(await db.select().from(emailAttachments).where(eq(emailAttachments.emailId, id))).toHaveLength(1);

    const smtp = await startSmtpServer(Number(new URL(probe.url).port));
    try {
      await db
        .update(emailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(emailOutbox.id, id));
      expect(await worker.drain()).toBe(1);
      const [file] = mimeParts((await smtp.nextMailTo('ap@example.com')).raw).filter((part) => part.disposition === 'attachment');
      expect(file!.data.equals(pdf)).toBe(true);
    } finally {
      sender.close();
      await smtp.close();
    }
  });

  it(`refuses attachments over ${MAX_ATTACHMENT_BYTES} bytes together before queueing anything`, async () => {
    await emptyTables(suite.database);
    const db = suite.database.db;
    const half = Buffer.alloc(MAX_ATTACHMENT_BYTES / 2 + 1);
    const message = {
      to: 'ap@example.com',
      subject: 'Too much',
      text: 't',
      html: '<p>t</p>',
      attachments: [
        { filename: 'a.pdf', contentType: 'application/pdf' as const, data: half },
        { filename: 'b.pdf', contentType: 'application/pdf' as const, data: half },
      ],
    };
    await expect(enqueueEmail(db, message)).rejects.toBeInstanceOf(AttachmentTooLargeError);
    expect(await db.select().from(emailOutbox)).toEqual([]);
    expect(await db.select().from(emailAttachments)).toEqual([]);
  });
});
