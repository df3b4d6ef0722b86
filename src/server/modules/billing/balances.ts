import { sql, type SQL } from 'drizzle-orm';
import type { AgingBucket, InvoiceStatus } from '../../../shared/api/invoices';
import { daysBetween } from '../../../shared/local-dates';
import { creditNotes, invoices, lateFees, paymentAllocations, payments, type InvoiceRow } from '../../db/schema';

/**
 * What a sent invoice still asks for, worked out in one place for every screen, e-mail, PDF and
 * job: its total, plus a late fee that was not waived, less what payments (not deleted) and credit
 * notes took off it. Each figure is a correlated subquery on `invoices`, so a list reads them in
 * the same statement as its rows.
 */

/** What payments that were not deleted applied to the invoice. */
export const allocatedCents = sql<number>`coalesce((
  select sum(${paymentAllocations.amountCents}) from ${paymentAllocations}
  join ${payments} on ${payments.id} = ${paymentAllocations.paymentId}
  where ${paymentAllocations.invoiceId} = ${invoices.id} and ${payments.deletedAt} is null
), 0)::int`;

/** What credit notes took off the invoice. */
export const creditedCents = sql<number>`coalesce((
  select sum(${creditNotes.amountCents}) from ${creditNotes} where ${creditNotes.invoiceId} = ${invoices.id}
), 0)::int`;

/** The invoice's late fee, unless waived. */
export const lateFeeCents = sql<number>`coalesce((
  select ${lateFees.amountCents} from ${lateFees} where ${lateFees.invoiceId} = ${invoices.id} and ${lateFees.waivedAt} is null
), 0)::int`;

/** The day the invoice's late fee was charged, unless waived (YYYY-MM-DD, whichever driver reads it). */
export const lateFeeChargedOn = sql<string | null>`(
  select ${lateFees.appliedOn}::text from ${lateFees} where ${lateFees.invoiceId} = ${invoices.id} and ${lateFees.waivedAt} is null
)`;

/** What a payment did not apply to any invoice: its part of the credit on the account. */
export const unappliedCents = sql<number>`(${payments.amountCents} - coalesce((
  select sum(${paymentAllocations.amountCents}) from ${paymentAllocations} where ${paymentAllocations.paymentId} = ${payments.id}
), 0))`;

/** Paid and credited together: what has come off what the invoice asks for. */
export const settledCents = sql<number>`(${allocatedCents} + ${creditedCents})`;

/** What a sent invoice asks for now: its total and its late fee, less what was paid or credited (never below zero). */
export const amountDueCents = sql<number>`greatest(${invoices.totalCents} + ${lateFeeCents} - ${settledCents}, 0)::int`;

/** The rows of invoices a customer still owes on: sent, with something left to pay. */
export const owing = sql`${invoices.status} = 'sent' and ${invoices.totalCents} + ${lateFeeCents} - ${settledCents} > 0`;

export interface InvoiceBalance {
  /** Paid (by payments not deleted) and credited (by credit notes). */
  settledCents: number;
  /** A late fee that was not waived. */
  lateFeeCents: number;
}

/** What is still owed on an invoice as stored: a draft owes its total (once sent), a void invoice nothing. */
export function amountDue(row: Pick<InvoiceRow, 'status' | 'totalCents'>, balance: InvoiceBalance): number {
  if (row.status === 'draft') return row.totalCents;
  if (row.status === 'void') return 0;
  return Math.max(0, row.totalCents + balance.lateFeeCents - balance.settledCents);
}

/** How a stored invoice shows today: open, partly paid, paid or overdue follow from what was paid and the due date. */
export function invoiceStatus(
  row: Pick<InvoiceRow, 'status' | 'totalCents' | 'dueOn'>,
  balance: InvoiceBalance,
  today: string,
): InvoiceStatus {
  if (row.status !== 'sent') return row.status;
  if (amountDue(row, balance) === 0) return 'paid';
  if (row.dueOn && row.dueOn < today) return 'overdue';
  return balance.settledCents > 0 ? 'partly_paid' : 'open';
}

/** Days past a due date (negative: days before it), between two local days. */
export function daysPastDue(dueOn: string, today: string): number {
  return daysBetween(dueOn, today);
}

/** Days an invoice is past its due date, in SQL (negative before it). */
export const daysPastDueSql = (today: string) => sql<number>`(${today}::date - ${invoices.dueOn})`;

/** The invoices owed on in an aging bucket: not yet due (current), or 1–30, 31–60, 61–90 or over 90 days past due. */
export function agingCondition(bucket: AgingBucket, today: string): SQL {
  const days = daysPastDueSql(today);
  const range: Record<AgingBucket, SQL> = {
    current: sql`${days} <= 0`,
    '1-30': sql`${days} between 1 and 30`,
    '31-60': sql`${days} between 31 and 60`,
    '61-90': sql`${days} between 61 and 90`,
    '90+': sql`${days} > 90`,
  };
  return sql`(${owing}) and ${range[bucket]}`;
}

/** The bucket of an invoice `days` past due. */
export function agingBucketOf(days: number): AgingBucket {
  if (days <= 0) return 'current';
  if (days <= 30) return '1-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}
