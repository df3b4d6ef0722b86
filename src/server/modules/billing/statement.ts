import { eq } from 'drizzle-orm';
import type { AgingBucket } from '../../../shared/api/invoices';
import { AGING_BUCKETS } from '../../../shared/api/invoices';
import type { CustomerAccount } from '../../../shared/api/payments';
import { localToday } from '../../../shared/local-dates';
import type { Executor } from '../../db/executor';
import { billingSettings, customers } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { agingBucketOf, daysPastDue } from './balances';
import { customerAccount } from './payments';
import { fileSlug } from './billing-letterhead';
import { renderStatementPdf } from './statement-pdf';

/** How far back a statement lists payments. */
export const STATEMENT_PAYMENT_DAYS = 90;

export interface Statement {
  asOf: string;
  account: CustomerAccount;
  billingAddress: string | null;
  paymentTerms: (typeof customers.$inferSelect)['paymentTerms'];
  /** What the open invoices ask for, by how far past due they are. */
  aging: Array<{ bucket: AgingBucket; amountCents: number }>;
  /** The payments of the last 90 days that were not deleted, newest first. */
  recentPayments: CustomerAccount['payments'];
  achInstructions: string;
}

/**
 * A customer's statement of account (issue 25) as of a day: the open invoices with what each still
 * asks for and how overdue it is, the aging, the last 90 days' payments, the credit on the account
 * and the balance. Every figure is the account's (customerAccount), so the statement, the portal
 * and the console agree to the cent.
 */
export async function statementOf(db: Executor, customerId: string, asOf: string = localToday()): Promise<Statement> {
  const [customer] = await db
    .select({ address: customers.address, billingAddress: customers.billingAddress, paymentTerms: customers.paymentTerms })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw new NotFoundError();
  const account = await customerAccount(db, customerId, asOf);
  const aging = AGING_BUCKETS.map((bucket) => ({
    bucket,
    amountCents: account.openInvoices
      .filter((invoice) => agingBucketOf(invoice.dueOn ? daysPastDue(invoice.dueOn, asOf) : 0) === bucket)
      .reduce((sum, invoice) => sum + invoice.amountDueCents, 0),
  }));
  const since = new Date(Date.parse(`${asOf}T00:00:00Z`) - STATEMENT_PAYMENT_DAYS * 86_400_000).toISOString().slice(0, 10);
  const [settings] = await db.select({ achInstructions: billingSettings.achInstructions }).from(billingSettings).limit(1);
  return {
    asOf,
    account,
    billingAddress: customer.billingAddress?.trim() || customer.address?.trim() || null,
    paymentTerms: customer.paymentTerms,
    aging,
    recentPayments: account.payments.filter((payment) => !payment.deleted && payment.receivedOn >= since && payment.receivedOn <= asOf),
    achInstructions: settings?.achInstructions ?? '',
  };
}

/** "Statement-2026-11-28-Harbor-Retail-Group.pdf". */
export function statementFileName(statement: Pick<Statement, 'asOf' | 'account'>): string {
  const slug = fileSlug(statement.account.customerName);
  return `Statement-${statement.asOf}${slug ? `-${slug}` : ''}.pdf`;
}

/** A customer's statement of account as a PDF, for the console and the portal. */
export async function statementPdf(
  db: Executor,
  customerId: string,
  appUrl: string,
  asOf?: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  const statement = await statementOf(db, customerId, asOf);
  return { fileName: statementFileName(statement), pdf: await renderStatementPdf(statement, appUrl) };
}
