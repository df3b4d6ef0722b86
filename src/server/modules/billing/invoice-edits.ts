import { and, eq, isNull } from 'drizzle-orm';
import type { InvoiceAdjustment } from '../../../shared/api/invoices';
import { lineFigures } from '../../../shared/invoice-math';
import { taxRateBp } from '../../../shared/tax-jurisdictions';
import { inTransaction, type Executor } from '../../db/executor';
import { invoiceLines, properties } from '../../db/schema';
import { NotFoundError, RequestError } from '../../errors';
import { getInvoiceSettings } from '../pricing';
import { updateTotals } from './billing-run';
import { lockDraft } from './invoice-views';

/**
 * A line staff add to a draft by hand (a credit is a negative amount), with the reason the audit log
 * keeps; taxed by its class at its property's rate. The property must be one the invoice bills.
 */
export async function addInvoiceAdjustment(
  db: Executor,
  invoiceId: string,
  input: InvoiceAdjustment,
  actorId: string,
  today: string,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const invoice = await lockDraft(tx, invoiceId);
    const [property] = await tx
      .select({ id: properties.id, taxJurisdiction: properties.taxJurisdiction })
      .from(properties)
      .where(and(eq(properties.id, input.propertyId), eq(properties.customerId, invoice.customerId)))
      .limit(1);
    if (!property || (invoice.propertyId && invoice.propertyId !== property.id)) {
      const message = 'Choose one of the properties this invoice bills';
      throw new RequestError(400, message, { propertyId: message });
    }
    const settings = await getInvoiceSettings(tx);
    const priced = {
      kind: 'adjustment' as const,
      quantityMilli: 1000,
      unitPriceCents: input.amountCents,
      discountBp: 0,
      taxClass: input.taxClass,
      taxRateBp: taxRateBp(property.taxJurisdiction, settings.taxRates),
    };
    await tx.insert(invoiceLines).values({
      invoiceId,
      propertyId: property.id,
      kind: 'adjustment',
      description: input.description,
      serviceDate: today < invoice.periodStart ? invoice.periodStart : today > invoice.periodEnd ? invoice.periodEnd : today,
      quantityMilli: 1000,
      unitPriceCents: input.amountCents,
      taxClass: input.taxClass,
      taxRateBp: priced.taxRateBp,
      note: input.reason,
      addedBy: actorId,
      ...lineFigures(priced),
    });
    await updateTotals(tx, invoiceId);
  });
}

/**
 * Takes a line off a draft, with the reason: a line staff added goes; one the run made stays,
 * marked removed, so the next run does not bill it again. Removing it twice is removing it once.
 */
export async function removeInvoiceLine(db: Executor, invoiceId: string, lineId: string, reason: string, actorId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockDraft(tx, invoiceId);
    const [line] = await tx
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.id, lineId), eq(invoiceLines.invoiceId, invoiceId)))
      .limit(1);
    if (!line) throw new NotFoundError();
    if (line.kind === 'adjustment') await tx.delete(invoiceLines).where(eq(invoiceLines.id, lineId));
    else
      await tx
        .update(invoiceLines)
        .set({ removedAt: new Date(), removedBy: actorId, removalReason: reason })
        .where(and(eq(invoiceLines.id, lineId), isNull(invoiceLines.removedAt)));
    await updateTotals(tx, invoiceId);
  });
}
