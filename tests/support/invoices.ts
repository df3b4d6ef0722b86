import { eq } from 'drizzle-orm';
import type { Executor } from '../../src/server/db/executor';
import { invoiceLines, invoices } from '../../src/server/db/schema';
import { approveInvoice, updateTotals } from '../../src/server/modules/billing';
import { monthBounds } from '../../src/shared/invoices';
import { localToday } from '../../src/shared/local-dates';
import { addVisit } from './billing';

/** A line of a test invoice: a completed visit on a day (verified on site or not), or a monthly line. */
export type TestInvoiceLine =
  | { kind: 'visit'; date: string; description?: string; priceCents: number; verified?: boolean; taxRateBp?: number }
  | { kind: 'month'; description: string; priceCents: number; taxRateBp?: number };

export interface TestInvoice {
  id: string;
  number: string | null;
  totalCents: number;
  /** The visits its visit lines bill, in the order given. */
  visitIds: string[];
}

/**
 * An invoice of a customer's property for a month, written straight to the tables (the billing run
 * has its own tests): each visit line with the completed visit it bills, its totals summed as the
 * run sums them, then approved as "Approve and send" approves it (numbered, dated, due by the
 * customer's terms), unless `draft` keeps it a draft.
 */
export async function testInvoice(
  db: Executor,
  options: { customerId: string; propertyId: string; month: string; lines: TestInvoiceLine[]; draft?: boolean; today?: string },
): Promise<TestInvoice> {
  const period = monthBounds(options.month);
  const [invoice] = await db
    .insert(invoices)
    .values({ customerId: options.customerId, periodStart: period.start, periodEnd: period.end, paymentTerms: 'net_30' })
    .returning({ id: invoices.id });
  const visitIds: string[] = [];
  for (const line of options.lines) {
    const visitId =
      line.kind === 'visit'
        ? await addVisit(db, { propertyId: options.propertyId, planId: null }, line.date, {
            status: 'completed',
            verified: line.verified ?? true,
          })
        : null;
    if (visitId) visitIds.push(visitId);
    const taxRateBp = line.taxRateBp ?? 0;
    await db.insert(invoiceLines).values({
      invoiceId: invoice!.id,
      propertyId: options.propertyId,
      kind: line.kind,
      description: line.description ?? 'Parking Lot Cleaning',
      serviceDate: line.kind === 'visit' ? line.date : period.start,
      visitId,
      unitPriceCents: line.priceCents,
      amountCents: line.priceCents,
      taxClass: taxRateBp ? 'taxable' : 'exempt',
      taxRateBp,
      taxCents: Math.round((line.priceCents * taxRateBp) / 10_000),
      verified: line.kind === 'visit' && (line.verified ?? true),
    });
  }
  await updateTotals(db, invoice!.id);
  if (!options.draft) await approveInvoice(db, invoice!.id, null, options.today ?? localToday());
  const [row] = await db
    .select({ number: invoices.number, totalCents: invoices.totalCents })
    .from(invoices)
    .where(eq(invoices.id, invoice!.id));
  return { id: invoice!.id, number: row!.number, totalCents: row!.totalCents, visitIds };
}
