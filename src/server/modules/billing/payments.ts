import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CustomerAccount, Payment, PaymentInput } from '../../../shared/api/payments';
import { localToday } from '../../../shared/local-dates';
import { formatCents } from '../../../shared/money';
import { inTransaction, type Executor } from '../../db/executor';
import { customers, invoices, lateFees, paymentAllocations, payments, type PaymentRow } from '../../db/schema';
import { ConflictError, NotFoundError, RequestError } from '../../errors';
import { enqueueEmail, type MailContext } from '../mail';
import { amountDue, amountDueCents, unappliedCents, invoiceStatus, lateFeeCents, owing, settledCents } from './balances';
import { billingRecipients } from './invoice-sending';
import { paymentReceiptEmail } from './payment-emails';

export const NOT_OPEN_INVOICE = 'This invoice is not one of the customer’s open invoices';
export const PAYMENT_KEY_REUSED = 'This form’s key was used for another customer’s payment: reload the form and record it again';

/** A customer's row locked: its payments, credits and allocations are worked on one at a time. */
export async function lockCustomer(tx: Executor, customerId: string) {
  const [customer] = await tx
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  return customer;
}

interface OpenInvoice {
  id: string;
  number: string | null;
  dueOn: string | null;
  dueCents: number;
}

/**
 * The customer's invoices still owed on, oldest due first. Called with the customer's row locked,
 * in a statement of its own, so what it reads includes every payment committed before the lock.
 */
async function openInvoices(tx: Executor, customerId: string): Promise<OpenInvoice[]> {
  return tx
    .select({ id: invoices.id, number: invoices.number, dueOn: invoices.dueOn, dueCents: amountDueCents })
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), owing))
    .orderBy(asc(invoices.dueOn), asc(invoices.number));
}

/** What a customer's payments (not deleted) left over after their allocations: the credit on the account. */
async function unappliedByPayment(tx: Executor, customerId: string): Promise<Array<{ id: string; unapplied: number }>> {
  const rows = await tx
    .select({
      id: payments.id,
      unapplied: sql<number>`${unappliedCents}::int`,
    })
    .from(payments)
    .where(and(eq(payments.customerId, customerId), isNull(payments.deletedAt)))
    .orderBy(asc(payments.receivedOn), asc(payments.createdAt));
  return rows.filter((row) => row.unapplied > 0);
}

/** Spreads an amount over open invoices, oldest due first, each up to what it still asks for. */
function oldestFirst(open: readonly OpenInvoice[], cents: number): Array<{ invoiceId: string; amountCents: number }> {
  const allocations: Array<{ invoiceId: string; amountCents: number }> = [];
  let left = cents;
  for (const invoice of open) {
    if (left === 0) break;
    const take = Math.min(left, invoice.dueCents);
    if (take > 0) allocations.push({ invoiceId: invoice.id, amountCents: take });
    left -= take;
  }
  return allocations;
}

/** A payment's part applied to invoices (added to what it already applied to the same invoice). */
async function allocate(tx: Executor, paymentId: string, allocations: ReadonlyArray<{ invoiceId: string; amountCents: number }>) {
  if (!allocations.length) return;
  await tx
    .insert(paymentAllocations)
    .values(allocations.map((allocation) => ({ paymentId, ...allocation })))
    .onConflictDoUpdate({
      target: [paymentAllocations.paymentId, paymentAllocations.invoiceId],
      set: { amountCents: sql`${paymentAllocations.amountCents} + excluded.amount_cents` },
    });
}

/**
 * POST /api/admin/payments ("Record a payment"): a check, ACH, card or cash payment, applied to
 * the invoices chosen (or, with none chosen, to the oldest open invoices first); what is left over
 * is a credit on the account. A receipt goes to the billing recipients. Exactly once: the form's
 * key is unique, so a second press (or a retry) finds the payment recorded and records nothing.
 * The customer's row is locked while the payment is applied, so two payments at once never apply
 * more to an invoice than it asks for.
 */
export async function recordPayment(
  db: Executor,
  mail: MailContext,
  input: PaymentInput,
  actorId: string | null,
): Promise<{ payment: Payment; recorded: boolean }> {
  const result = await inTransaction(db, async (tx) => {
    const customer = await lockCustomer(tx, input.customerId);
    if (!customer) throw new RequestError(400, 'No such customer', { customerId: 'Choose the customer' });
    const [earlier] = await tx.select().from(payments).where(eq(payments.idempotencyKey, input.idempotencyKey));
    if (earlier) {
      if (earlier.customerId !== input.customerId) throw new ConflictError('idempotencyKey', PAYMENT_KEY_REUSED);
      return { id: earlier.id, recorded: false };
    }
    const open = await openInvoices(tx, input.customerId);
    let allocations = input.allocations;
    if (allocations) {
      const errors: Record<string, string> = {};
      allocations.forEach((allocation, index) => {
        const invoice = open.find((candidate) => candidate.id === allocation.invoiceId);
        if (!invoice) errors[`allocations.${index}.invoiceId`] = NOT_OPEN_INVOICE;
        else if (allocation.amountCents > invoice.dueCents)
          errors[`allocations.${index}.amountCents`] =
            `Invoice ${invoice.number} asks for ${formatCents(invoice.dueCents)}: apply at most that`;
      });
      if (Object.keys(errors).length) throw new RequestError(400, Object.values(errors)[0]!, errors);
    } else {
      allocations = oldestFirst(open, input.amountCents);
    }
    const [payment] = await tx
      .insert(payments)
      .values({
        customerId: input.customerId,
        method: input.method,
        reference: input.reference?.trim() || null,
        receivedOn: input.receivedOn,
        amountCents: input.amountCents,
        note: input.note ?? '',
        createdBy: actorId,
        idempotencyKey: input.idempotencyKey,
      })
      .returning({ id: payments.id });
    await allocate(tx, payment!.id, allocations);
    const recorded = (await paymentsOf(tx, { ids: [payment!.id] }))[0]!;
    const stillOpen = await openInvoices(tx, input.customerId);
    const credit = (await unappliedByPayment(tx, input.customerId)).reduce((sum, row) => sum + row.unapplied, 0);
    const portalUrl = new URL('/customer-dashboard', mail.appUrl).toString();
    for (const recipient of await billingRecipients(tx, input.customerId)) {
      await enqueueEmail(
        tx,
        paymentReceiptEmail({ to: recipient.email, name: recipient.name, payment: recorded, stillOpen, creditCents: credit, portalUrl }),
      );
    }
    return { id: payment!.id, recorded: true };
  });
  if (result.recorded) mail.queued();
  const [payment] = await paymentsOf(db, { ids: [result.id] });
  return { payment: payment!, recorded: result.recorded };
}

/**
 * POST /api/admin/payments/{id}/delete: a payment recorded by mistake comes off the books (kept,
 * marked deleted, out of every figure); the invoices it paid owe again. Deleting twice is harmless.
 */
export async function deletePayment(db: Executor, id: string, actorId: string | null): Promise<Payment> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx.select({ customerId: payments.customerId }).from(payments).where(eq(payments.id, id));
    if (!row) throw new NotFoundError();
    await lockCustomer(tx, row.customerId);
    await tx
      .update(payments)
      .set({ deletedAt: new Date(), deletedBy: actorId })
      .where(and(eq(payments.id, id), isNull(payments.deletedAt)));
  });
  const [payment] = await paymentsOf(db, { ids: [id] });
  return payment!;
}

/**
 * POST /api/admin/customers/{id}/apply-credit: the credit on a customer's account (overpayments)
 * applied to its open invoices, oldest due first. Answers how much was applied.
 */
export async function applyAccountCredit(db: Executor, customerId: string): Promise<number> {
  return inTransaction(db, async (tx) => {
    if (!(await lockCustomer(tx, customerId))) throw new NotFoundError();
    const open = await openInvoices(tx, customerId);
    let applied = 0;
    for (const payment of await unappliedByPayment(tx, customerId)) {
      const allocations = oldestFirst(open, payment.unapplied);
      await allocate(tx, payment.id, allocations);
      for (const allocation of allocations) {
        const invoice = open.find((candidate) => candidate.id === allocation.invoiceId)!;
        invoice.dueCents -= allocation.amountCents;
        applied += allocation.amountCents;
      }
    }
    return applied;
  });
}

/** Payments with their allocations, newest first: some by id, or a customer's, or the latest of all. */
export async function paymentsOf(db: Executor, which: { ids?: string[]; customerId?: string }): Promise<Payment[]> {
  const rows = await db
    .select({ row: payments, customerName: customers.name })
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .where(
      and(
        which.ids ? inArray(payments.id, which.ids) : undefined,
        which.customerId ? eq(payments.customerId, which.customerId) : undefined,
      ),
    )
    .orderBy(desc(payments.receivedOn), desc(payments.createdAt))
    .limit(500);
  if (!rows.length) return [];
  const allocations = await db
    .select({
      paymentId: paymentAllocations.paymentId,
      invoiceId: paymentAllocations.invoiceId,
      number: invoices.number,
      amountCents: paymentAllocations.amountCents,
    })
    .from(paymentAllocations)
    .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
    .where(
      inArray(
        paymentAllocations.paymentId,
        rows.map(({ row }) => row.id),
      ),
    )
    .orderBy(asc(invoices.number));
  return rows.map(({ row, customerName }) =>
    toPayment(
      row,
      customerName,
      allocations.filter((allocation) => allocation.paymentId === row.id),
    ),
  );
}

function toPayment(
  row: PaymentRow,
  customerName: string,
  allocations: Array<{ invoiceId: string; number: string | null; amountCents: number }>,
): Payment {
  const applied = allocations.reduce((sum, allocation) => sum + allocation.amountCents, 0);
  return {
    id: row.id,
    customerId: row.customerId,
    customerName,
    method: row.method,
    reference: row.reference,
    receivedOn: row.receivedOn,
    amountCents: row.amountCents,
    allocations: allocations.map(({ invoiceId, number, amountCents }) => ({ invoiceId, number, amountCents })),
    unappliedCents: row.deletedAt ? 0 : row.amountCents - applied,
    note: row.note,
    deleted: row.deletedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/admin/customers/{id}/account: what a customer owes, on which invoices, what it paid, and its credit. */
export async function customerAccount(db: Executor, customerId: string, today: string = localToday()): Promise<CustomerAccount> {
  const [customer] = await db
    .select({ id: customers.id, name: customers.name, remindersPaused: customers.remindersPaused })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw new NotFoundError();
  const rows = await db
    .select({
      row: invoices,
      settled: settledCents,
      lateFeeTotal: lateFeeCents,
      fee: { id: lateFees.id, amountCents: lateFees.amountCents, appliedOn: lateFees.appliedOn, waivedAt: lateFees.waivedAt },
    })
    .from(invoices)
    .leftJoin(lateFees, eq(lateFees.invoiceId, invoices.id))
    .where(and(eq(invoices.customerId, customerId), owing))
    .orderBy(asc(invoices.dueOn), asc(invoices.number));
  const openInvoicesList = rows.map(({ row, settled, lateFeeTotal, fee }) => {
    const balance = { settledCents: settled, lateFeeCents: lateFeeTotal };
    return {
      id: row.id,
      number: row.number,
      status: invoiceStatus(row, balance, today),
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      issuedOn: row.issuedOn,
      dueOn: row.dueOn,
      totalCents: row.totalCents,
      lateFee: fee?.id ? { id: fee.id, amountCents: fee.amountCents!, appliedOn: fee.appliedOn!, waived: fee.waivedAt !== null } : null,
      amountDueCents: amountDue(row, balance),
    };
  });
  const accountPayments = await paymentsOf(db, { customerId });
  const owedCents = openInvoicesList.reduce((sum, invoice) => sum + invoice.amountDueCents, 0);
  const creditCents = accountPayments.reduce((sum, payment) => sum + payment.unappliedCents, 0);
  return {
    customerId,
    customerName: customer.name,
    balanceCents: owedCents - creditCents,
    owedCents,
    creditCents,
    remindersPaused: customer.remindersPaused,
    openInvoices: openInvoicesList,
    payments: accountPayments,
  };
}
