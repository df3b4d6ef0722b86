import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Invoice, InvoiceListQuery, InvoiceStatus, InvoiceSummary } from '../../../shared/api/invoices';
import { invoiceTotals } from '../../../shared/invoice-math';
import { monthBounds } from '../../../shared/invoices';
import { localToday } from '../../../shared/local-dates';
import type { Executor } from '../../db/executor';
import { creditNotes, customers, invoiceLines, invoices, properties, type InvoiceRow } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import { agingCondition, amountDue, invoiceStatus, lateFeeCents, lateFeeChargedOn, owing, settledCents } from './balances';

const summaryColumns = {
  row: invoices,
  customerName: customers.name,
  propertyName: properties.name,
  settled: settledCents,
  lateFee: lateFeeCents,
  lineCount: sql<number>`(select count(*) from ${invoiceLines} where ${invoiceLines.invoiceId} = ${invoices.id} and ${invoiceLines.removedAt} is null)::int`,
};

function toSummary(
  found: { row: InvoiceRow; customerName: string; propertyName: string | null; settled: number; lateFee: number; lineCount: number },
  today: string,
): InvoiceSummary {
  const { row } = found;
  const balance = { settledCents: found.settled, lateFeeCents: found.lateFee };
  return {
    id: row.id,
    number: row.number,
    status: invoiceStatus(row, balance, today),
    customerId: row.customerId,
    customerName: found.customerName,
    propertyName: found.propertyName,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    totalCents: row.totalCents,
    amountDueCents: amountDue(row, balance),
    lineCount: found.lineCount,
  };
}

/** The stored rows that show as this status today. */
function statusCondition(status: InvoiceStatus, today: string): SQL | undefined {
  if (status === 'draft' || status === 'void') return eq(invoices.status, status);
  const sent = eq(invoices.status, 'sent');
  if (status === 'paid') return and(sent, sql`not (${owing})`);
  const unpaid = owing;
  if (status === 'overdue') return and(unpaid, sql`${invoices.dueOn} < ${today}`);
  return and(unpaid, sql`${invoices.dueOn} >= ${today}`, status === 'open' ? sql`${settledCents} = 0` : sql`${settledCents} > 0`);
}

/** GET /api/admin/invoices: newest period first, then by customer; of one status (as shown today) or month when asked. */
export async function listInvoices(db: Executor, query: InvoiceListQuery, today: string = localToday()): Promise<InvoiceSummary[]> {
  const month = query.month ? monthBounds(query.month) : null;
  const rows = await db
    .select(summaryColumns)
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(properties, eq(properties.id, invoices.propertyId))
    .where(
      and(
        query.status ? statusCondition(query.status, today) : undefined,
        month ? eq(invoices.periodStart, month.start) : undefined,
        query.customerId ? eq(invoices.customerId, query.customerId) : undefined,
        query.aging ? agingCondition(query.aging, today) : undefined,
      ),
    )
    .orderBy(desc(invoices.periodStart), asc(customers.name), asc(properties.name))
    .limit(500);
  return rows.map((row) => toSummary(row, today));
}

/** GET /api/admin/invoices/{id}: the invoice with a section per property (its PO number and lines, removed ones marked). */
export async function getInvoice(db: Executor, id: string, today: string = localToday()): Promise<Invoice> {
  const [found] = await db
    .select({
      ...summaryColumns,
      customerEmail: customers.email,
      billingAddress: sql<string | null>`coalesce(${customers.billingAddress}, ${customers.address})`,
      lateFeeChargedOn,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(properties, eq(properties.id, invoices.propertyId))
    .where(eq(invoices.id, id))
    .limit(1);
  if (!found) throw new NotFoundError();
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, id))
    .orderBy(asc(invoiceLines.serviceDate), asc(invoiceLines.createdAt), asc(invoiceLines.id));
  const propertyIds = [...new Set(lines.map((line) => line.propertyId))];
  const sites = propertyIds.length
    ? await db
        .select({
          id: properties.id,
          name: properties.name,
          address: properties.address,
          city: properties.city,
          poNumber: properties.poNumber,
        })
        .from(properties)
        .where(inArray(properties.id, propertyIds))
        .orderBy(asc(properties.name))
    : [];
  const credits = await db
    .select({
      id: creditNotes.id,
      invoiceId: creditNotes.invoiceId,
      number: creditNotes.number,
      amountCents: creditNotes.amountCents,
      taxCents: creditNotes.taxCents,
      reason: creditNotes.reason,
      issuedOn: creditNotes.issuedOn,
    })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, id))
    .orderBy(asc(creditNotes.createdAt), asc(creditNotes.number));
  const { row } = found;
  return {
    creditNotes: credits,
    ...toSummary(found, today),
    paymentTerms: row.paymentTerms,
    customerEmail: found.customerEmail,
    billingAddress: found.billingAddress,
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    taxCents: row.taxCents,
    paidCents: found.settled,
    lateFeeCents: found.lateFee,
    lateFeeChargedOn: found.lateFee ? found.lateFeeChargedOn : null,
    sentAt: row.sentAt?.toISOString() ?? null,
    voidReason: row.voidReason,
    sections: sites.map((site) => {
      const own = lines.filter((line) => line.propertyId === site.id);
      return {
        propertyId: site.id,
        propertyName: site.name,
        address: `${site.address}, ${site.city}`,
        poNumber: site.poNumber,
        lines: own.map((line) => ({
          id: line.id,
          kind: line.kind,
          description: line.description,
          serviceDate: line.serviceDate,
          visitId: line.visitId,
          verified: line.verified,
          quantityMilli: line.quantityMilli,
          unitPriceCents: line.unitPriceCents,
          amountCents: line.amountCents,
          discountCents: line.discountCents,
          taxCents: line.taxCents,
          note: line.note,
          removal: line.removedAt ? { at: line.removedAt.toISOString(), reason: line.removalReason ?? '' } : null,
        })),
        ...invoiceTotals(own.filter((line) => line.removedAt === null)),
      };
    }),
  };
}

/** The invoice's row locked, if it is a draft: a sent invoice is never edited (409). */
export async function lockDraft(tx: Executor, id: string): Promise<InvoiceRow> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!invoice) throw new NotFoundError();
  if (invoice.status !== 'draft') throw new ConflictError('id', SENT_IS_FINAL);
  return invoice;
}

export const SENT_IS_FINAL = 'This invoice has been sent, and a sent invoice is never changed: void it, or issue a credit note';
