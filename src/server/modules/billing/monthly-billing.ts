import { eq } from 'drizzle-orm';
import { monthBounds, previousMonth } from '../../../shared/invoices';
import { localToday } from '../../../shared/local-dates';
import type { Executor } from '../../db/executor';
import { billingRuns } from '../../db/schema';
import { prepareInvoices, type BillingRunResult } from './billing-run';

/** The run catches up this many days into the month, should no instance be up on the 1st. */
export const BILLING_CATCH_UP_DAYS = 7;

/**
 * The monthly billing run, on the 1st (America/Chicago) for the month before: once its record is
 * written it is not run again, and a run cut short (a crash, a restart) is run again whole on the
 * next try, which is safe (prepareInvoices is idempotent). Later in the month it does nothing: staff
 * prepare any other month from the console. Answers what it did, or null when there was nothing to do.
 */
export async function runMonthlyBilling(db: Executor, today: string = localToday()): Promise<BillingRunResult | null> {
  if (Number(today.slice(8, 10)) > BILLING_CATCH_UP_DAYS) return null;
  const month = monthBounds(previousMonth(today));
  const [done] = await db.select({ at: billingRuns.completedAt }).from(billingRuns).where(eq(billingRuns.periodStart, month.start));
  if (done) return null;
  const result = await prepareInvoices(db, month);
  await db.insert(billingRuns).values({ periodStart: month.start, created: result.created, updated: result.updated }).onConflictDoNothing();
  return result;
}
