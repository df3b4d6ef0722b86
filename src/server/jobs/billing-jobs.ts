import type { FastifyInstance } from 'fastify';
import { COMPANY_TIME_ZONE } from '../../shared/visits';
import { applyLateFees, runMonthlyBilling, sendInvoiceReminders } from '../modules/billing';
import type { PeriodicJob } from '../periodic';

/** How often the monthly billing run is looked for: it runs on the 1st, once (modules/billing/monthly-billing.ts). */
export const MONTHLY_BILLING_INTERVAL_MS = 60 * 60 * 1000;
/** How often late fees and reminders are looked for; each is charged or sent once, so looking often is harmless. */
export const COLLECTIONS_INTERVAL_MS = 30 * 60 * 1000;
/** Reminders go out in business hours, from this local hour (America/Chicago), never in the night. */
export const REMINDER_FROM_HOUR = 8;

const localHour = new Intl.DateTimeFormat('en-US', { timeZone: COMPANY_TIME_ZONE, hour: 'numeric', hourCycle: 'h23' });

/** Late fees, then reminders (so a reminder's amount due includes the fee): from 8 a.m. local time. */
export async function runCollections(app: FastifyInstance, now: Date = new Date()): Promise<void> {
  if (Number(localHour.format(now)) < REMINDER_FROM_HOUR) return;
  await applyLateFees(app.db);
  await sendInvoiceReminders(app.db, app.mail);
}

/** The billing run and collections, on every instance (their locks and unique keys make it safe to run at once). */
export function billingJobs(app: FastifyInstance): PeriodicJob[] {
  return [
    { what: 'prepare last month’s invoices', intervalMs: MONTHLY_BILLING_INTERVAL_MS, run: () => runMonthlyBilling(app.db) },
    { what: 'charge late fees and send invoice reminders', intervalMs: COLLECTIONS_INTERVAL_MS, run: () => runCollections(app) },
  ];
}
