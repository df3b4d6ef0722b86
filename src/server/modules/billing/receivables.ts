import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import { AGING_BUCKETS } from '../../../shared/api/invoices';
import type { Receivables } from '../../../shared/api/payments';
import { addDays, localToday } from '../../../shared/local-dates';
import type { Executor } from '../../db/executor';
import { customers, payments, invoices } from '../../db/schema';
import { agingBucketOf, amountDueCents, daysPastDueSql, owing, unappliedCents } from './balances';

/** How many customers the receivables screen lists as owing the most. */
export const TOP_CUSTOMERS = 10;
/** The days sales outstanding look back this far. */
export const DSO_DAYS = 90;

/**
 * GET /api/admin/receivables: what customers owe, by age (not yet due, then 1–30, 31–60, 61–90
 * and over 90 days past due), the days sales outstanding over the last 90 days (owed ÷ invoiced
 * in those days × 90), the customers who owe the most, and the credit customers hold.
 */
export async function receivables(db: Executor, today: string = localToday()): Promise<Receivables> {
  const open = await db
    .select({ customerId: invoices.customerId, customerName: customers.name, dueCents: amountDueCents, daysPast: daysPastDueSql(today) })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(owing);
  const aging = AGING_BUCKETS.map((bucket) => ({ bucket, amountCents: 0, invoiceCount: 0 }));
  const byCustomer = new Map<
    string,
    { customerId: string; customerName: string; amountCents: number; invoiceCount: number; overdueCents: number }
  >();
  for (const invoice of open) {
    const days = Number(invoice.daysPast);
    const bucket = aging.find((entry) => entry.bucket === agingBucketOf(days))!;
    bucket.amountCents += invoice.dueCents;
    bucket.invoiceCount += 1;
    const customer = byCustomer.get(invoice.customerId) ?? {
      customerId: invoice.customerId,
      customerName: invoice.customerName,
      amountCents: 0,
      invoiceCount: 0,
      overdueCents: 0,
    };
    customer.amountCents += invoice.dueCents;
    customer.invoiceCount += 1;
    if (days > 0) customer.overdueCents += invoice.dueCents;
    byCustomer.set(invoice.customerId, customer);
  }
  const totalCents = aging.reduce((sum, bucket) => sum + bucket.amountCents, 0);
  const [invoiced] = await db
    .select({ cents: sql<number>`coalesce(sum(${invoices.totalCents}), 0)::bigint` })
    .from(invoices)
    .where(and(eq(invoices.status, 'sent'), gte(invoices.issuedOn, addDays(today, -DSO_DAYS))));
  const invoicedLast90Cents = Number(invoiced?.cents ?? 0);
  const [credit] = await db
    .select({
      cents: sql<number>`coalesce(sum(${unappliedCents}), 0)::bigint`,
    })
    .from(payments)
    .where(isNull(payments.deletedAt));
  return {
    asOf: today,
    totalCents,
    aging,
    daysSalesOutstanding: invoicedLast90Cents > 0 ? Math.round((totalCents / invoicedLast90Cents) * DSO_DAYS) : null,
    invoicedLast90Cents,
    topCustomers: [...byCustomer.values()]
      .sort((a, b) => b.amountCents - a.amountCents || a.customerName.localeCompare(b.customerName))
      .slice(0, TOP_CUSTOMERS),
    creditCents: Number(credit?.cents ?? 0),
  };
}
