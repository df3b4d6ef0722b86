import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { monthBounds } from '../../../shared/invoices';
import { invoices, lateFees, payments, properties } from '../../db/schema';
import { approveInvoice, issueCreditNote, prepareInvoices, recordPayment } from '../../modules/billing';
import { testAppFor } from '#test/app';
import { readCsv } from '#test/csv';
import { addVisit, billingCustomer } from '#test/billing';
import { testDatabases } from '#test/database';

const json = { 'content-type': 'application/json' };
const noMail = { appUrl: new URL('https://lots.example'), staffNotifyEmails: [], queued: () => {} };

describe.each(testDatabases)('the accounting export on %s', (kind) => {
  const t = testAppFor(kind);
  const exportCsv = (body: Record<string, unknown>, caller: 'staff' | 'customerA' = 'staff') =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/accounting-exports',
      headers: { ...json, ...t.as(caller) },
      payload: JSON.stringify(body),
    });
  const rows = readCsv;

  /** A two-site customer billed for October 2026 (sent Nov 2), with a late fee, a credit note and a payment. */
  async function billedCustomer(options: { invoicePerProperty?: boolean } = {}) {
    const name = `Harbor Retail: Group ${randomUUID().slice(0, 4)}`;
    const customer = await billingCustomer(t.app.db, {
      name,
      startDate: '2026-01-01',
      sites: 2,
      discountBp: 500,
      invoicePerProperty: options.invoicePerProperty ?? false,
      lines: [
        { name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=MO' },
        { name: 'Litter Pickup', unit: 'visit', unitPriceCents: 4500, rrule: 'FREQ=WEEKLY;BYDAY=TH', taxClass: 'taxable' },
      ],
    });
    for (const [key, line] of customer.lines) await addVisit(t.app.db, line, key.startsWith('Parking') ? '2026-10-05' : '2026-10-08');
    await prepareInvoices(t.app.db, monthBounds('2026-10'));
    const drafts = await t.app.db.select().from(invoices).where(eq(invoices.customerId, customer.customerId));
    const sent = [];
    for (const draft of drafts) sent.push(await approveInvoice(t.app.db, draft.id, null, '2026-11-02'));
    return { ...customer, name, sent };
  }

  it('writes invoices in QuickBooks Online’s layout, properties as sub-customers, to the cent, and never twice unless asked', async () => {
    const customer = await billedCustomer();
    const [invoice] = customer.sent;
    await t.app.db.insert(lateFees).values({ invoiceId: invoice!.id, amountCents: 2500, appliedOn: '2026-12-08' });

    const first = await exportCsv({ kind: 'invoices', format: 'quickbooks', from: '2026-11-01', to: '2026-12-31' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(first.headers['content-disposition']).toBe('attachment; filename="QuickBooks-invoices-2026-11-01-to-2026-12-31.csv"');
    expect(first.body.split('\r\n')[0]).toBe(
      '"Invoice no","Customer","Invoice Date","Due Date","Terms","Memo","Item(Product/Service)","Item Description","Item Quantity","Item Rate","Item Amount","Item Tax Code","Item Tax Amount","Service Date"',
    );
    const lines = rows(first.body);
    const own = lines.filter((row) => row['Invoice no'] === invoice!.number);
    // One invoice for both sites: the customer (its colon taken out), each line naming its property.
    expect(new Set(own.map((row) => row.Customer))).toEqual(new Set([customer.name.replaceAll(':', ' ')]));
    expect(own[0]).toMatchObject({ 'Invoice Date': '11/02/2026', 'Due Date': '12/02/2026', Terms: 'Net 30' });
    // Item amounts net of the term discount, plus the tax, add up to the invoice's total to the cent.
    const cents = (value: string) => Math.round(Number(value) * 100);
    const total = own.reduce((sum, row) => sum + cents(row['Item Amount']!) + cents(row['Item Tax Amount']!), 0);
    expect(total).toBe(invoice!.totalCents);
    // The late fee is its own invoice, numbered after the one it is charged on.
    expect(lines.find((row) => row['Invoice no'] === `LF-${invoice!.number}`)).toMatchObject({
      'Item Amount': '25.00',
      'Item(Product/Service)': 'Late fee',
    });
    expect(first.headers['x-records']).toBe('2');

    // Exported once: the next export leaves them out; "Export again" brings them back.
    const second = await exportCsv({ kind: 'invoices', format: 'quickbooks', from: '2026-11-01', to: '2026-12-31' });
    expect(rows(second.body)).toEqual([]);
    const again = await exportCsv({ kind: 'invoices', format: 'plain', from: '2026-11-01', to: '2026-12-31', again: true });
    expect(again.headers['content-disposition']).toContain('Lakeshore-invoices-2026-11-01-to-2026-12-31-again.csv');
    expect(rows(again.body).filter((row) => row.Number === invoice!.number)).toHaveLength(own.length);
    const [stored] = await t.app.db.select({ exportedAt: invoices.exportedAt }).from(invoices).where(eq(invoices.id, invoice!.id));
    expect(stored!.exportedAt).toBeInstanceOf(Date);
  });

  it('names a property billed on its own as the customer’s sub-customer', async () => {
    const customer = await billedCustomer({ invoicePerProperty: true });
    const names = await t.app.db.select({ name: properties.name }).from(properties).where(eq(properties.customerId, customer.customerId));
    const exported = rows((await exportCsv({ kind: 'invoices', format: 'quickbooks', from: '2026-11-02', to: '2026-11-02' })).body);
    expect(new Set(exported.map((row) => row.Customer))).toEqual(
      new Set(names.map(({ name }) => `${customer.name.replaceAll(':', ' ')}:${name.replaceAll(':', ' ')}`)),
    );
  });

  it('writes credit notes and payments, each allocation on its row and an overpayment as account credit', async () => {
    const customer = await billedCustomer();
    const [invoice] = customer.sent;
    await issueCreditNote(
      t.app.db,
      noMail,
      invoice!.id,
      { id: randomUUID(), amountCents: 1000, reason: 'Oct 8 pickup, cut short' },
      null,
      '2026-11-10',
    );
    await recordPayment(
      t.app.db,
      noMail,
      {
        customerId: customer.customerId,
        method: 'check',
        reference: '10442',
        receivedOn: '2026-11-20',
        amountCents: invoice!.totalCents,
        idempotencyKey: randomUUID(),
      },
      null,
    );
    const credits = rows((await exportCsv({ kind: 'credit-notes', format: 'quickbooks', from: '2026-11-01', to: '2026-11-30' })).body);
    expect(credits).toEqual([
      expect.objectContaining({
        'Credit Memo No': expect.stringMatching(/^CN-\d{4}-00001$/),
        'Credit Memo Date': '11/10/2026',
        'Item Description': 'Oct 8 pickup, cut short',
      }),
    ]);
    expect(Math.round(Number(credits[0]!['Item Amount']) * 100) + Math.round(Number(credits[0]!['Item Tax Amount']) * 100)).toBe(1000);

    const paid = rows((await exportCsv({ kind: 'payments', format: 'quickbooks', from: '2026-11-01', to: '2026-11-30' })).body);
    expect(paid).toEqual([
      expect.objectContaining({
        'Payment Date': '11/20/2026',
        'Payment Method': 'Check',
        'Reference No': '10442',
        'Invoice No': invoice!.number,
        Amount: ((invoice!.totalCents - 1000) / 100).toFixed(2),
      }),
      expect.objectContaining({ 'Invoice No': '', Amount: '10.00', Memo: 'Credit on the account' }),
    ]);
    const [payment] = await t.app.db
      .select()
      .from(payments)
      .where(and(eq(payments.customerId, customer.customerId)));
    expect(payment!.exportedAt).toBeInstanceOf(Date);
  });

  it('refuses a bad range or kind with the field’s message, marks nothing, and is for office staff only', async () => {
    await billedCustomer();
    const backwards = await exportCsv({ kind: 'invoices', format: 'quickbooks', from: '2026-12-01', to: '2026-11-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.to).toBe('The end date must be on or after the start date');
    expect((await exportCsv({ kind: 'estimates', format: 'quickbooks', from: '2026-11-01', to: '2026-11-30' })).statusCode).toBe(400);
    expect((await exportCsv({ kind: 'invoices', format: 'xlsx', from: '2026-11-01', to: '2026-11-30' })).statusCode).toBe(400);
    expect((await exportCsv({ kind: 'invoices', format: 'plain', from: 'Nov 1', to: '2026-11-30' })).statusCode).toBe(400);
    expect((await exportCsv({ kind: 'invoices', format: 'plain', from: '2026-11-01', to: '2026-11-30' }, 'customerA')).statusCode).toBe(
      403,
    );
    const marked = await t.app.db.select({ exportedAt: invoices.exportedAt }).from(invoices);
    expect(marked.every((row) => row.exportedAt === null)).toBe(true);
    const log = (await t.app.inject({ url: '/api/admin/audit-events', headers: t.as('staff') })).json<{
      events: Array<{ words: { text: string } }>;
    }>();
    expect(log.events.map((event) => event.words.text).join('\n')).not.toContain('exported the invoices');
  });
});
