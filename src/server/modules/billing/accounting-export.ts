import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AccountingExportInput } from '../../../shared/api/accounting-export';
import { PAYMENT_METHOD_LABELS, PAYMENT_TERMS_LABELS, type InvoiceLineKind } from '../../../shared/invoices';
import { inTransaction, type Executor } from '../../db/executor';
import { creditNotes, customers, invoiceLines, invoices, lateFees, paymentAllocations, payments, properties } from '../../db/schema';
import { csvLine } from '../../csv';
import { unappliedCents } from './balances';

/*
 * The accounting export (issue 25; the layouts are in docs/operations.md). QuickBooks Online's
 * layout follows its "Import invoices" spreadsheet: one row per invoice line, the invoice's own
 * fields on each row, dates as MM/DD/YYYY and amounts as plain decimals. A customer is a
 * QuickBooks customer and a property a sub-customer, written "Customer:Property". Each record
 * exported is marked with the time, in the same transaction that reads it, so two exports at once
 * never both take a record, and the next export leaves it out unless asked to export it again.
 */

/** 1234 → "12.34", -500 → "-5.00": cents as QuickBooks and spreadsheets read an amount. */
export const decimal = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** 2026-11-05 → 11/05/2026 (QuickBooks Online US). */
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** The QuickBooks product or service a line is sold as. */
export const QUICKBOOKS_ITEMS: Record<InvoiceLineKind | 'late_fee' | 'credit_note', string> = {
  visit: 'Lot cleaning visit',
  month: 'Monthly lot care',
  one_time: 'One-time cleanup',
  hours: 'Hourly callout',
  credit: 'Service credit',
  adjustment: 'Adjustment',
  late_fee: 'Late fee',
  credit_note: 'Credit',
};

/** "Harbor Retail Group:Southridge Commons": the property as a sub-customer (QuickBooks has no colon in a name). */
const subCustomer = (customer: string, property: string | null) =>
  property ? `${customer.replaceAll(':', ' ')}:${property.replaceAll(':', ' ')}` : customer.replaceAll(':', ' ');

const quantity = (milli: number) => (milli / 1000).toString();

/** Marks the records written as exported, at the export's time. */
async function markExported(
  tx: Executor,
  table: typeof invoices | typeof lateFees | typeof creditNotes | typeof payments,
  ids: string[],
  now: Date,
) {
  if (ids.length) await tx.update(table).set({ exportedAt: now }).where(inArray(table.id, ids));
}

export interface AccountingExport {
  fileName: string;
  csv: string;
  /** How many records (invoices, late fees, credit notes or payments) it holds, all now marked exported. */
  records: number;
}

interface Range {
  from: string;
  to: string;
  again: boolean;
}

async function invoicesFile(tx: Executor, range: Range, format: AccountingExportInput['format'], now: Date) {
  const rows = await tx
    .select({
      id: invoices.id,
      number: invoices.number,
      issuedOn: invoices.issuedOn,
      dueOn: invoices.dueOn,
      paymentTerms: invoices.paymentTerms,
      periodStart: invoices.periodStart,
      periodEnd: invoices.periodEnd,
      customer: customers.name,
      invoiceProperty: invoices.propertyId,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(
      and(
        eq(invoices.status, 'sent'),
        gte(invoices.issuedOn, range.from),
        lte(invoices.issuedOn, range.to),
        range.again ? undefined : isNull(invoices.exportedAt),
      ),
    )
    .orderBy(asc(invoices.number))
    .for('update', { of: invoices });
  const ids = rows.map((row) => row.id);
  const lines = ids.length
    ? await tx
        .select({
          invoiceId: invoiceLines.invoiceId,
          kind: invoiceLines.kind,
          description: invoiceLines.description,
          serviceDate: invoiceLines.serviceDate,
          quantityMilli: invoiceLines.quantityMilli,
          unitPriceCents: invoiceLines.unitPriceCents,
          amountCents: invoiceLines.amountCents,
          discountCents: invoiceLines.discountCents,
          taxClass: invoiceLines.taxClass,
          taxCents: invoiceLines.taxCents,
          property: properties.name,
        })
        .from(invoiceLines)
        .innerJoin(properties, eq(properties.id, invoiceLines.propertyId))
        .where(and(inArray(invoiceLines.invoiceId, ids), isNull(invoiceLines.removedAt)))
        .orderBy(asc(properties.name), asc(invoiceLines.serviceDate), asc(invoiceLines.id))
    : [];
  const fees = await tx
    .select({
      id: lateFees.id,
      amountCents: lateFees.amountCents,
      appliedOn: lateFees.appliedOn,
      number: invoices.number,
      customer: customers.name,
      property: properties.name,
    })
    .from(lateFees)
    .innerJoin(invoices, eq(invoices.id, lateFees.invoiceId))
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(properties, eq(properties.id, invoices.propertyId))
    .where(
      and(
        isNull(lateFees.waivedAt),
        eq(invoices.status, 'sent'),
        gte(lateFees.appliedOn, range.from),
        lte(lateFees.appliedOn, range.to),
        range.again ? undefined : isNull(lateFees.exportedAt),
      ),
    )
    .orderBy(asc(lateFees.appliedOn), asc(invoices.number))
    .for('update', { of: lateFees });

  let csv: string;
  if (format === 'quickbooks') {
    csv = csvLine([
      'Invoice no',
      'Customer',
      'Invoice Date',
      'Due Date',
      'Terms',
      'Memo',
      'Item(Product/Service)',
      'Item Description',
      'Item Quantity',
      'Item Rate',
      'Item Amount',
      'Item Tax Code',
      'Item Tax Amount',
      'Service Date',
    ]);
    for (const invoice of rows) {
      const own = lines.filter((line) => line.invoiceId === invoice.id);
      // A customer billed per property is the property's sub-customer; a consolidated invoice is the customer's, each line naming its property.
      const perProperty = invoice.invoiceProperty !== null;
      for (const line of own) {
        const net = line.amountCents - line.discountCents;
        csv += csvLine([
          invoice.number,
          subCustomer(invoice.customer, perProperty ? line.property : null),
          usDate(invoice.issuedOn!),
          usDate(invoice.dueOn!),
          PAYMENT_TERMS_LABELS[invoice.paymentTerms],
          `Lot care ${invoice.periodStart} to ${invoice.periodEnd}`,
          QUICKBOOKS_ITEMS[line.kind],
          `${perProperty ? '' : `${line.property}: `}${line.description}${line.discountCents ? ` (term discount ${decimal(line.discountCents)})` : ''}`,
          line.discountCents ? '1' : quantity(line.quantityMilli),
          line.discountCents ? decimal(net) : decimal(line.unitPriceCents),
          decimal(net),
          line.taxClass === 'taxable' ? 'TAX' : 'NON',
          decimal(line.taxCents),
          usDate(line.serviceDate),
        ]);
      }
    }
    for (const fee of fees)
      csv += csvLine([
        `LF-${fee.number}`,
        subCustomer(fee.customer, fee.property),
        usDate(fee.appliedOn),
        usDate(fee.appliedOn),
        PAYMENT_TERMS_LABELS.due_on_receipt,
        `Late fee on invoice ${fee.number}`,
        QUICKBOOKS_ITEMS.late_fee,
        `Late fee on invoice ${fee.number}`,
        '1',
        decimal(fee.amountCents),
        decimal(fee.amountCents),
        'NON',
        '0.00',
        usDate(fee.appliedOn),
      ]);
  } else {
    csv = csvLine([
      'Record',
      'Number',
      'Date',
      'Due date',
      'Customer',
      'Property',
      'Line',
      'Service date',
      'Quantity',
      'Unit price',
      'Amount',
      'Discount',
      'Tax',
      'Line total',
    ]);
    for (const invoice of rows)
      for (const line of lines.filter((candidate) => candidate.invoiceId === invoice.id))
        csv += csvLine([
          'invoice line',
          invoice.number,
          invoice.issuedOn,
          invoice.dueOn,
          invoice.customer,
          line.property,
          line.description,
          line.serviceDate,
          quantity(line.quantityMilli),
          decimal(line.unitPriceCents),
          decimal(line.amountCents),
          decimal(line.discountCents),
          decimal(line.taxCents),
          decimal(line.amountCents - line.discountCents + line.taxCents),
        ]);
    for (const fee of fees)
      csv += csvLine([
        'late fee',
        `LF-${fee.number}`,
        fee.appliedOn,
        fee.appliedOn,
        fee.customer,
        fee.property,
        `Late fee on invoice ${fee.number}`,
        fee.appliedOn,
        '1',
        decimal(fee.amountCents),
        decimal(fee.amountCents),
        '0.00',
        '0.00',
        decimal(fee.amountCents),
      ]);
  }
  await markExported(tx, invoices, ids, now);
  await markExported(
    tx,
    lateFees,
    fees.map((fee) => fee.id),
    now,
  );
  return { csv, records: rows.length + fees.length };
}

async function creditNotesFile(tx: Executor, range: Range, format: AccountingExportInput['format'], now: Date) {
  const rows = await tx
    .select({
      id: creditNotes.id,
      number: creditNotes.number,
      issuedOn: creditNotes.issuedOn,
      amountCents: creditNotes.amountCents,
      taxCents: creditNotes.taxCents,
      reason: creditNotes.reason,
      invoiceNumber: invoices.number,
      customer: customers.name,
      property: properties.name,
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(customers, eq(customers.id, creditNotes.customerId))
    .leftJoin(properties, eq(properties.id, invoices.propertyId))
    .where(
      and(
        gte(creditNotes.issuedOn, range.from),
        lte(creditNotes.issuedOn, range.to),
        range.again ? undefined : isNull(creditNotes.exportedAt),
      ),
    )
    .orderBy(asc(creditNotes.number))
    .for('update', { of: creditNotes });
  let csv =
    format === 'quickbooks'
      ? csvLine([
          'Credit Memo No',
          'Customer',
          'Credit Memo Date',
          'Memo',
          'Item(Product/Service)',
          'Item Description',
          'Item Quantity',
          'Item Rate',
          'Item Amount',
          'Item Tax Code',
          'Item Tax Amount',
        ])
      : csvLine(['Record', 'Number', 'Date', 'Customer', 'Property', 'Invoice', 'Reason', 'Amount before tax', 'Tax', 'Total']);
  for (const note of rows) {
    const beforeTax = note.amountCents - note.taxCents;
    csv +=
      format === 'quickbooks'
        ? csvLine([
            note.number,
            subCustomer(note.customer, note.property),
            usDate(note.issuedOn),
            `Credit against invoice ${note.invoiceNumber}`,
            QUICKBOOKS_ITEMS.credit_note,
            note.reason,
            '1',
            decimal(beforeTax),
            decimal(beforeTax),
            note.taxCents ? 'TAX' : 'NON',
            decimal(note.taxCents),
          ])
        : csvLine([
            'credit note',
            note.number,
            note.issuedOn,
            note.customer,
            note.property,
            note.invoiceNumber,
            note.reason,
            decimal(beforeTax),
            decimal(note.taxCents),
            decimal(note.amountCents),
          ]);
  }
  await markExported(
    tx,
    creditNotes,
    rows.map((row) => row.id),
    now,
  );
  return { csv, records: rows.length };
}

async function paymentsFile(tx: Executor, range: Range, format: AccountingExportInput['format'], now: Date) {
  const rows = await tx
    .select({
      id: payments.id,
      receivedOn: payments.receivedOn,
      method: payments.method,
      reference: payments.reference,
      amountCents: payments.amountCents,
      unapplied: sql<number>`${unappliedCents}::int`,
      customer: customers.name,
    })
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .where(
      and(
        isNull(payments.deletedAt),
        gte(payments.receivedOn, range.from),
        lte(payments.receivedOn, range.to),
        range.again ? undefined : isNull(payments.exportedAt),
      ),
    )
    .orderBy(asc(payments.receivedOn), asc(payments.createdAt))
    .for('update', { of: payments });
  const ids = rows.map((row) => row.id);
  const allocations = ids.length
    ? await tx
        .select({ paymentId: paymentAllocations.paymentId, amountCents: paymentAllocations.amountCents, number: invoices.number })
        .from(paymentAllocations)
        .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
        .where(inArray(paymentAllocations.paymentId, ids))
        .orderBy(asc(invoices.number))
    : [];
  let csv =
    format === 'quickbooks'
      ? csvLine(['Payment Date', 'Customer', 'Payment Method', 'Reference No', 'Invoice No', 'Amount', 'Memo'])
      : csvLine(['Record', 'Date', 'Customer', 'Method', 'Reference', 'Payment amount', 'Invoice', 'Applied']);
  for (const payment of rows) {
    const parts = [
      ...allocations
        .filter((allocation) => allocation.paymentId === payment.id)
        .map((allocation) => ({ invoice: allocation.number, cents: allocation.amountCents })),
      ...(payment.unapplied > 0 ? [{ invoice: null, cents: payment.unapplied }] : []),
    ];
    for (const part of parts)
      csv +=
        format === 'quickbooks'
          ? csvLine([
              usDate(payment.receivedOn),
              payment.customer.replaceAll(':', ' '),
              PAYMENT_METHOD_LABELS[payment.method],
              payment.reference,
              part.invoice,
              decimal(part.cents),
              part.invoice ? `Payment of ${decimal(payment.amountCents)}` : 'Credit on the account',
            ])
          : csvLine([
              'payment',
              payment.receivedOn,
              payment.customer,
              PAYMENT_METHOD_LABELS[payment.method],
              payment.reference,
              decimal(payment.amountCents),
              part.invoice ?? 'credit on the account',
              decimal(part.cents),
            ]);
  }
  await markExported(tx, payments, ids, now);
  return { csv, records: rows.length };
}

/** One file of the accounting export: its records read, written and marked exported in one transaction. */
export async function accountingExport(db: Executor, input: AccountingExportInput, now: Date = new Date()): Promise<AccountingExport> {
  const range = { from: input.from, to: input.to, again: input.again ?? false };
  const file = await inTransaction(db, (tx) =>
    input.kind === 'invoices'
      ? invoicesFile(tx, range, input.format, now)
      : input.kind === 'credit-notes'
        ? creditNotesFile(tx, range, input.format, now)
        : paymentsFile(tx, range, input.format, now),
  );
  return {
    ...file,
    fileName: `${input.format === 'quickbooks' ? 'QuickBooks' : 'Lakeshore'}-${input.kind}-${input.from}-to-${input.to}${range.again ? '-again' : ''}.csv`,
  };
}
