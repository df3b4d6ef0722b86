import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CreditNote, CreditNoteInput, Invoice } from '../../../shared/api/invoices';
import { localToday } from '../../../shared/local-dates';
import { formatCents } from '../../../shared/money';
import { inTransaction, type Executor } from '../../db/executor';
import { billingSettings, creditNotes, invoiceLines, invoices, paymentAllocations, payments } from '../../db/schema';
import { ConflictError, NotFoundError, RequestError } from '../../errors';
import { enqueueEmail, type EmailMessage, type MailContext } from '../mail';
import { amountDueCents } from './balances';
import { creditNotePdfFileName, renderCreditNotePdf } from './credit-note-pdf';
import { nextDocumentNumber } from './document-numbers';
import { invoicePdfFileName } from './invoice-pdf';
import { renderInvoicePdfOffThread } from './invoice-rendering';
import { billingRecipients } from './invoice-sending';
import { getInvoice } from './invoice-views';
import { lockCustomer } from './payments';
import { creditNoteEmail, voidedInvoiceEmail } from './correction-emails';

/*
 * Correcting a sent invoice (issue 25). A sent invoice is never edited: it is voided (it keeps its
 * number and says why; nothing is owed on it, and the month can be prepared again for a corrected
 * one), or a credit note with its own number takes an amount off it. Both e-mail the customer's
 * billing contacts with the PDF.
 */

export const VOID_DRAFT = 'A draft has no number to void: take its lines off, or prepare the month again';
export const VOID_PAID =
  'Payments are applied to this invoice: delete them first (they can then be recorded again against the right invoice)';
export const VOID_CREDITED = 'A credit note already corrects this invoice, so it cannot be voided: issue another credit note instead';
export const CREDIT_DRAFT = 'A draft is corrected by editing its lines: a credit note corrects a sent invoice';
export const CREDIT_VOID = 'This invoice is void: nothing is owed on it to credit';
export const CREDIT_KEY_REUSED = 'This form’s key was used for another invoice’s credit note: reload the page and try again';

/** The invoice's row locked, with its customer's before it (the order payments take them in). */
async function lockInvoice(tx: Executor, id: string) {
  const [found] = await tx.select({ customerId: invoices.customerId }).from(invoices).where(eq(invoices.id, id));
  if (!found) throw new NotFoundError();
  await lockCustomer(tx, found.customerId);
  const [row] = await tx
    .select({
      id: invoices.id,
      customerId: invoices.customerId,
      status: invoices.status,
      totalCents: invoices.totalCents,
      taxCents: invoices.taxCents,
    })
    .from(invoices)
    .where(eq(invoices.id, id))
    .for('update');
  if (!row) throw new NotFoundError();
  return row;
}

async function achInstructions(tx: Executor): Promise<string> {
  const [settings] = await tx.select({ achInstructions: billingSettings.achInstructions }).from(billingSettings).limit(1);
  return settings?.achInstructions ?? '';
}

/** Queues one e-mail per billing recipient of the customer, in the caller's transaction. */
async function emailBillingContacts(tx: Executor, customerId: string, message: (to: string, name: string | null) => EmailMessage) {
  for (const recipient of await billingRecipients(tx, customerId)) await enqueueEmail(tx, message(recipient.email, recipient.name));
}

/**
 * POST /api/admin/invoices/{id}/void: a sent invoice made void, with the reason; the customer is
 * told, with the void invoice's PDF. Refused for a draft, and for an invoice with payments or
 * credit notes on it (those would be left pointing at nothing). Pressed again, nothing more
 * happens (answers false).
 */
export async function voidInvoice(db: Executor, mail: MailContext, id: string, reason: string, actorId: string | null): Promise<boolean> {
  const voided = await inTransaction(db, async (tx) => {
    const row = await lockInvoice(tx, id);
    if (row.status === 'void') return false;
    if (row.status === 'draft') throw new ConflictError('id', VOID_DRAFT);
    const [paid] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
      .where(and(eq(paymentAllocations.invoiceId, id), isNull(payments.deletedAt)));
    if (paid!.count > 0) throw new ConflictError('id', VOID_PAID);
    const [credited] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(creditNotes)
      .where(eq(creditNotes.invoiceId, id));
    if (credited!.count > 0) throw new ConflictError('id', VOID_CREDITED);
    await tx
      .update(invoices)
      .set({ status: 'void', voidReason: reason.trim(), voidedAt: new Date(), voidedBy: actorId, updatedAt: new Date() })
      .where(eq(invoices.id, id));
    // Its visits, months and one-time lines may be billed again, on the corrected invoice.
    await tx.update(invoiceLines).set({ voided: true }).where(eq(invoiceLines.invoiceId, id));
    const invoice = await getInvoice(tx, id);
    const appUrl = mail.appUrl.toString();
    const pdf = {
      filename: invoicePdfFileName(invoice),
      data: await renderInvoicePdfOffThread({ invoice, achInstructions: await achInstructions(tx), appUrl }),
    };
    const portalUrl = new URL(`/customer-dashboard/invoices/${id}`, mail.appUrl).toString();
    await emailBillingContacts(tx, invoice.customerId, (to, name) => voidedInvoiceEmail({ to, name, invoice, portalUrl, pdf }));
    return true;
  });
  if (voided) mail.queued();
  return voided;
}

const creditNoteColumns = {
  id: creditNotes.id,
  invoiceId: creditNotes.invoiceId,
  number: creditNotes.number,
  amountCents: creditNotes.amountCents,
  taxCents: creditNotes.taxCents,
  reason: creditNotes.reason,
  issuedOn: creditNotes.issuedOn,
};

export async function getCreditNote(db: Executor, id: string): Promise<CreditNote> {
  const [found] = await db.select(creditNoteColumns).from(creditNotes).where(eq(creditNotes.id, id));
  if (!found) throw new NotFoundError();
  return found;
}

/**
 * POST /api/admin/invoices/{id}/credit-notes: a credit note taking an amount off a sent invoice,
 * at most what it still asks for, numbered in the year's `CN-` series (gapless, like invoices).
 * Its tax part is the invoice's share of tax, rounded once. The customer is e-mailed the credit
 * note's PDF. The form chooses the credit note's id: pressed again, nothing more is issued.
 */
export async function issueCreditNote(
  db: Executor,
  mail: MailContext,
  invoiceId: string,
  input: CreditNoteInput,
  actorId: string | null,
  today: string = localToday(),
): Promise<{ creditNote: CreditNote; invoice: Invoice; issued: boolean }> {
  const issued = await inTransaction(db, async (tx) => {
    const row = await lockInvoice(tx, invoiceId);
    const [earlier] = await tx.select({ invoiceId: creditNotes.invoiceId }).from(creditNotes).where(eq(creditNotes.id, input.id));
    if (earlier) {
      if (earlier.invoiceId !== invoiceId) throw new ConflictError('id', CREDIT_KEY_REUSED);
      return false;
    }
    if (row.status === 'draft') throw new ConflictError('id', CREDIT_DRAFT);
    if (row.status === 'void') throw new ConflictError('id', CREDIT_VOID);
    const [balance] = await tx.select({ due: amountDueCents }).from(invoices).where(eq(invoices.id, invoiceId));
    const due = balance!.due;
    if (input.amountCents > due) {
      const message =
        due === 0
          ? 'This invoice is paid: nothing is left on it to credit'
          : `A credit note can take off at most what the invoice still asks for: ${formatCents(due)}`;
      throw new RequestError(400, message, { amountCents: message });
    }
    const taxCents = row.totalCents > 0 ? Math.round((input.amountCents * row.taxCents) / row.totalCents) : 0;
    const number = await nextDocumentNumber(tx, 'credit_note', Number(today.slice(0, 4)));
    await tx.insert(creditNotes).values({
      id: input.id,
      invoiceId,
      customerId: row.customerId,
      number,
      amountCents: input.amountCents,
      taxCents: Math.min(Math.max(taxCents, 0), input.amountCents),
      reason: input.reason.trim(),
      issuedOn: today,
      createdBy: actorId,
      sentAt: new Date(),
    });
    const creditNote = await getCreditNote(tx, input.id);
    const invoice = await getInvoice(tx, invoiceId, today);
    const appUrl = mail.appUrl.toString();
    const pdf = { filename: creditNotePdfFileName(creditNote, invoice), data: await renderCreditNotePdf({ creditNote, invoice, appUrl }) };
    const portalUrl = new URL(`/customer-dashboard/invoices/${invoiceId}`, mail.appUrl).toString();
    await emailBillingContacts(tx, row.customerId, (to, name) => creditNoteEmail({ to, name, creditNote, invoice, portalUrl, pdf }));
    return true;
  });
  if (issued) mail.queued();
  return { creditNote: await getCreditNote(db, input.id), invoice: await getInvoice(db, invoiceId, today), issued };
}

/** A credit note's PDF, with the invoice it corrects as it stands. */
export async function creditNotePdf(db: Executor, id: string, appUrl: string): Promise<{ fileName: string; pdf: Buffer }> {
  const creditNote = await getCreditNote(db, id);
  const invoice = await getInvoice(db, creditNote.invoiceId);
  return { fileName: creditNotePdfFileName(creditNote, invoice), pdf: await renderCreditNotePdf({ creditNote, invoice, appUrl }) };
}
