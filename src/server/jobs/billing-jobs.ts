import type { FastifyInstance } from 'fastify';
import { runMonthlyBilling } from '../modules/billing';
import type { PeriodicJob } from '../periodic';

/** How often the monthly billing run is looked for: it runs on the 1st, once (modules/billing/monthly-billing.ts). */
export const MONTHLY_BILLING_INTERVAL_MS = 60 * 60 * 1000;

/** The billing run, on every instance (its locks and unique indexes make it safe to run at once). */
export function billingJobs(app: FastifyInstance): PeriodicJob[] {
  return [{ what: 'prepare last month’s invoices', intervalMs: MONTHLY_BILLING_INTERVAL_MS, run: () => runMonthlyBilling(app.db) }];
}
