import { and, asc, eq, isNull } from 'drizzle-orm';
import { localToday } from '../../../shared/local-dates';
import { inTransaction, type Executor } from '../../db/executor';
import { billingSettings, customerBillingContacts, customers, invoices, users } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import { enqueueEmail, type MailContext } from '../mail';
import { approveInvoice } from './invoice-approval';
import { invoiceEmail } from './invoice-emails';
import { invoicePdfFileName } from './invoice-pdf';
import { renderInvoicePdfOffThread } from './invoice-rendering';
import { getInvoice } from './invoice-views';

export const VOID_IS_FINAL = 'This invoice is void, so it cannot be approved or sent';

export interface InvoiceRecipient {
  email: string;
  name: string | null;
}

/**
 * Who a customer's invoices go to: its billing contacts; with none, its portal users whose
 * access is not switched off; with none of those either, the customer's own address on file.
 */
export async function billingRecipients(db: Executor, customerId: string): Promise<InvoiceRecipient[]> {
  const contacts = await db
    .select({ email: customerBillingContacts.email, name: customerBillingContacts.name })
    .from(customerBillingContacts)
    .where(eq(customerBillingContacts.customerId, customerId))
    .orderBy(asc(customerBillingContacts.email));
  if (contacts.length) return contacts;
  const portalUsers = await db
    .select({ email: users.email, name: users.firstName })
    .from(users)
    .where(and(eq(users.customerId, customerId), eq(users.role, 'customer'), isNull(users.disabledAt)))
    .orderBy(asc(users.email));
  if (portalUsers.length) return portalUsers;
  const [customer] = await db
    .select({ email: customers.email, name: customers.contactName })
    .from(customers)
    .where(eq(customers.id, customerId));
  return customer ? [customer] : [];
}

/**
 * POST /api/admin/invoices/{id}/approve ("Approve and send"): in one transaction with the invoice's
 * row locked, a draft is numbered (approveInvoice) and an e-mail with its PDF queued for each
 * billing recipient; they leave once it commits. Exactly once: a second press, or another
 * instance, waits for the lock, finds the invoice sent and queues nothing (answers false).
 */
export async function approveAndSendInvoice(
  db: Executor,
  mail: MailContext,
  id: string,
  actorId: string | null,
  today: string = localToday(),
): Promise<boolean> {
  const sent = await inTransaction(db, async (tx) => {
    const [row] = await tx.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, id)).for('update');
    if (!row) throw new NotFoundError();
    if (row.status === 'void') throw new ConflictError('id', VOID_IS_FINAL);
    if (row.status !== 'draft') return false;
    await approveInvoice(tx, id, actorId, today);
    const invoice = await getInvoice(tx, id, today);
    const [settings] = await tx.select({ achInstructions: billingSettings.achInstructions }).from(billingSettings).limit(1);
    const achInstructions = settings?.achInstructions ?? '';
    const appUrl = mail.appUrl.toString();
    const pdf = { filename: invoicePdfFileName(invoice), data: await renderInvoicePdfOffThread({ invoice, achInstructions, appUrl }) };
    const portalUrl = new URL('/customer-dashboard', mail.appUrl).toString();
    for (const recipient of await billingRecipients(tx, invoice.customerId)) {
      await enqueueEmail(
        tx,
        invoiceEmail({ to: recipient.email, name: recipient.name, invoice, acceptsAch: achInstructions.trim() !== '', portalUrl, pdf }),
      );
    }
    return true;
  });
  if (sent) mail.queued();
  return sent;
}

export interface BulkApproval {
  sent: Array<{ id: string; number: string }>;
  alreadySent: Array<{ id: string; number: string | null }>;
  refused: Array<{ id: string; message: string }>;
}

/**
 * POST /api/admin/invoices/approve ("Approve and send all"): each draft approved and sent in its
 * own transaction, so one that is refused (no lines, void, gone) leaves the others sent.
 */
export async function approveAndSendInvoices(
  db: Executor,
  mail: MailContext,
  ids: readonly string[],
  actorId: string | null,
  today: string = localToday(),
): Promise<BulkApproval> {
  const answer: BulkApproval = { sent: [], alreadySent: [], refused: [] };
  for (const id of new Set(ids)) {
    try {
      const sent = await approveAndSendInvoice(db, mail, id, actorId, today);
      const [row] = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, id));
      if (sent) answer.sent.push({ id, number: row!.number! });
      else answer.alreadySent.push({ id, number: row?.number ?? null });
    } catch (error) {
      if (error instanceof ConflictError) answer.refused.push({ id, message: error.message });
      else if (error instanceof NotFoundError) answer.refused.push({ id, message: 'No such invoice: it may have been removed' });
      else throw error;
    }
  }
  return answer;
}
