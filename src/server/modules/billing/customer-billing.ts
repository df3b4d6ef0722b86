import { asc, eq, sql } from 'drizzle-orm';
import type { CustomerBilling, CustomerBillingInput, InvoiceSettingsBody } from '../../../shared/api/payments';
import { inTransaction, type Executor } from '../../db/executor';
import { billingSettings, customerBillingContacts, customers } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { billingSettingsRow } from '../pricing';
import { billingRecipients } from './invoice-sending';

/**
 * How a customer is billed (issue 25): its payment terms, one invoice or one per property, the
 * billing address, whether reminders are paused, and its billing contacts. Terms reach invoices
 * approved afterwards: a sent invoice keeps the terms and due date it went out with.
 */
export async function getCustomerBilling(db: Executor, customerId: string): Promise<CustomerBilling> {
  const [customer] = await db
    .select({
      paymentTerms: customers.paymentTerms,
      invoicePerProperty: customers.invoicePerProperty,
      billingAddress: customers.billingAddress,
      remindersPaused: customers.remindersPaused,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw new NotFoundError();
  const contacts = await db
    .select({ email: customerBillingContacts.email, name: customerBillingContacts.name })
    .from(customerBillingContacts)
    .where(eq(customerBillingContacts.customerId, customerId))
    .orderBy(asc(customerBillingContacts.email));
  return { customerId, ...customer, contacts, recipients: await billingRecipients(db, customerId) };
}

/** PUT /api/admin/customers/{id}/billing: replaces the customer's billing details and contacts at once. */
export async function updateCustomerBilling(db: Executor, customerId: string, input: CustomerBillingInput): Promise<CustomerBilling> {
  await inTransaction(db, async (tx) => {
    const [updated] = await tx
      .update(customers)
      .set({
        paymentTerms: input.paymentTerms,
        invoicePerProperty: input.invoicePerProperty,
        billingAddress: input.billingAddress?.trim() || null,
        remindersPaused: input.remindersPaused,
      })
      .where(eq(customers.id, customerId))
      .returning({ id: customers.id });
    if (!updated) throw new NotFoundError();
    await tx.delete(customerBillingContacts).where(eq(customerBillingContacts.customerId, customerId));
    if (input.contacts.length)
      await tx
        .insert(customerBillingContacts)
        .values(input.contacts.map((contact) => ({ customerId, email: contact.email, name: contact.name?.trim() || null })));
  });
  return getCustomerBilling(db, customerId);
}

/** GET /api/admin/invoice-settings: how invoices are paid, credited, reminded and charged late. */
export async function getInvoicingSettings(db: Executor): Promise<InvoiceSettingsBody> {
  const row = await billingSettingsRow(db);
  return {
    achInstructions: row.achInstructions,
    creditCompanySkips: row.creditCompanySkips,
    reminderDaysBefore: row.reminderDaysBefore,
    reminderDaysAfter: [...row.reminderDaysAfter].sort((a, b) => a - b),
    lateFee: { kind: row.lateFeeKind, flatCents: row.lateFeeFlatCents, percentBp: row.lateFeePercentBp, graceDays: row.lateFeeGraceDays },
  };
}

/** PUT /api/admin/invoice-settings (owners): from now on; fees already charged and reminders already sent stay. */
export async function updateInvoicingSettings(
  db: Executor,
  input: InvoiceSettingsBody,
  userId: string | null,
): Promise<InvoiceSettingsBody> {
  await billingSettingsRow(db);
  await db
    .update(billingSettings)
    .set({
      achInstructions: input.achInstructions,
      creditCompanySkips: input.creditCompanySkips,
      reminderDaysBefore: input.reminderDaysBefore,
      reminderDaysAfter: [...input.reminderDaysAfter].sort((a, b) => a - b),
      lateFeeKind: input.lateFee.kind,
      lateFeeFlatCents: input.lateFee.flatCents,
      lateFeePercentBp: input.lateFee.percentBp,
      lateFeeGraceDays: input.lateFee.graceDays,
      updatedBy: userId,
      updatedAt: sql`now()`,
    })
    .where(eq(billingSettings.id, true));
  return getInvoicingSettings(db);
}
