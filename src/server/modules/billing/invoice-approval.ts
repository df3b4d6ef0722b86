import { and, count, eq, isNull } from 'drizzle-orm';
import { PAYMENT_TERMS_DAYS } from '../../../shared/invoices';
import { addDays } from '../../../shared/local-dates';
import { inTransaction, type Executor } from '../../db/executor';
import { invoiceLines, invoices, type InvoiceRow } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import { nextDocumentNumber } from './document-numbers';

export const NOTHING_TO_BILL = 'This invoice has no lines to bill: add a line, or leave it as a draft';

/**
 * Approves a draft: it takes the year's next invoice number, its date (today) and its due date (by
 * the customer's terms), in one transaction with the invoice's row locked; approving it again (a
 * double press, another instance) answers the invoice as approved the first time.
 */
export async function approveInvoice(db: Executor, id: string, actorId: string | null, today: string): Promise<InvoiceRow> {
  return inTransaction(db, async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
    if (!invoice) throw new NotFoundError();
    if (invoice.status !== 'draft') return invoice;
    const [lines] = await tx
      .select({ n: count() })
      .from(invoiceLines)
      .where(and(eq(invoiceLines.invoiceId, id), isNull(invoiceLines.removedAt)));
    if (!lines!.n) throw new ConflictError('id', NOTHING_TO_BILL);
    const number = await nextDocumentNumber(tx, 'invoice', Number(today.slice(0, 4)));
    const [approved] = await tx
      .update(invoices)
      .set({
        status: 'sent',
        number,
        issuedOn: today,
        dueOn: addDays(today, PAYMENT_TERMS_DAYS[invoice.paymentTerms]),
        approvedBy: actorId,
        sentAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, id))
      .returning();
    return approved!;
  });
}
