import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { formatCents } from '../../../shared/money';
import { billingSettings, customers, invoices, paymentAllocations, payments, properties } from '../../db/schema';
import { emptyTables, testDatabaseFor, testDatabases } from '#test/database';
import { addVisit, billingCustomer } from '#test/billing';
import { testInvoice } from '#test/invoices';
import { prepareInvoices } from './billing-run';
import { applyLateFees } from './collections';
import { approveInvoice } from './invoice-approval';
import { invoicePdfFileName, renderInvoicePdf, termsText } from './invoice-pdf';
import { getInvoice } from './invoice-views';
import { statementOf } from './statement';
import { renderStatementPdf } from './statement-pdf';

/** The PDF in a temporary file for poppler and qpdf; `INVOICE_PDF_OUT` (a folder) keeps a copy to look at. */
function pdfFile(pdf: Buffer, name: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'invoice-pdf-')), name);
  writeFileSync(file, pdf);
  if (process.env.INVOICE_PDF_OUT) {
    mkdirSync(process.env.INVOICE_PDF_OUT, { recursive: true });
    writeFileSync(path.join(process.env.INVOICE_PDF_OUT, name), pdf);
  }
  return file;
}

/** Each page's lines as pdftotext -layout lays them out, trimmed, with runs of spaces made one. */
function pagesOf(file: string): string[][] {
  const pages = execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', file, '-'], { encoding: 'utf8' }).split('\f');
  if (pages.at(-1)!.trim() === '') pages.pop();
  return pages.map((page) =>
    page
      .split('\n')
      .map((line) => line.trim().replace(/\s+/g, ' '))
      .filter(Boolean),
  );
}

const ACH = 'Associated Bank, Milwaukee · Routing 075900575 · Account 2209 4471 18 · Account name Lakeshore Lot Care LLC';
const SITES = ['Southridge Commons', 'Bayshore Town Center', 'Mayfair Collection'];

describe.each(testDatabases)('the invoice PDF on %s', (kind) => {
  const t = testDatabaseFor(kind);
  const db = () => t.database.db;
  afterEach(() => emptyTables(t.database));

  /** October 2026 at three properties: 13 visits each (Mondays, Wednesdays, Fridays), one not verified, and a monthly porter line. */
  async function octoberInvoice() {
    const customer = await billingCustomer(db(), {
      name: 'Harbor Retail Group',
      startDate: '2026-09-01',
      discountBp: 500,
      sites: 3,
      paymentTerms: 'net_45',
      lines: [
        { name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR' },
        {
          name: 'Day Porter Service',
          unit: 'month',
          unitPriceCents: 64000,
          rrule: 'FREQ=WEEKLY;BYDAY=TU',
          taxClass: 'taxable',
          taxRateBp: 790,
        },
      ],
    });
    await db()
      .update(customers)
      .set({ billingAddress: 'Attn: Accounts Payable\n700 N Water St, Suite 1200\nMilwaukee, WI 53202' })
      .where(eq(customers.id, customer.customerId));
    for (const [site, propertyId] of customer.propertyIds.entries()) {
      await db()
        .update(properties)
        .set({ name: SITES[site]!, poNumber: site === 2 ? null : `PO-44${71 + site}` })
        .where(eq(properties.id, propertyId));
      const plan = customer.lines.get(`Parking Lot Cleaning@${site}`)!;
      for (let day = 1; day <= 31; day++) {
        const date = `2026-10-${String(day).padStart(2, '0')}`;
        if ([1, 3, 5].includes(new Date(`${date}T12:00:00Z`).getUTCDay())) {
          await addVisit(db(), plan, date, { status: 'completed', verified: !(site === 1 && day === 14) });
        }
      }
    }
    await db()
      .update(billingSettings)
      .set({ achInstructions: ACH })
      .where(sql`true`);
    await prepareInvoices(db(), { start: '2026-10-01', end: '2026-10-31' });
    const [draft] = await db().select().from(invoices).where(eq(invoices.customerId, customer.customerId));
    await approveInvoice(db(), draft!.id, null, '2026-11-02');
    return getInvoice(db(), draft!.id, '2026-11-02');
  }

  it('shows the company, whom it bills with the PO numbers, each property’s lines with “Verified on site”, the totals and how to pay', async () => {
    const invoice = await octoberInvoice();
    const lines = invoice.sections.flatMap((section) => section.lines);
    expect(lines).toHaveLength(42);

    // The 1 s budget for 40 lines belongs in a bench (npm run bench:pdf), not here: a timed test fails on a busy machine.
    const pdf = await renderInvoicePdf({ invoice, achInstructions: ACH, appUrl: 'https://lakeshorelotcare.com', today: '2026-11-28' });

    const name = invoicePdfFileName(invoice);
    expect(name).toBe('Invoice-2026-00001-Harbor-Retail-Group.pdf');
    const file = pdfFile(pdf, `${kind}-${name}`);
    expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toContain('No syntax or stream encoding errors found');
    const pages = pagesOf(file);
    const all = pages.flat().join('\n');

    // The head: the company, the number, dates and terms, whom it bills, the PO numbers.
    expect(pages[0]!.slice(0, 3).join(' ')).toContain('Lakeshore Lot Care');
    expect(all).toContain('INVOICE FOR OCTOBER 2026');
    expect(all).toContain('Invoice 2026-00001');
    expect(all).toMatch(/Invoice date Nov 2, 2026/);
    expect(all).toMatch(/Terms Net 45/);
    expect(all).toMatch(/Due date Dec 17, 2026/);
    expect(all).toContain('Harbor Retail Group');
    expect(all).toContain('700 N Water St, Suite 1200');
    expect(all).toContain('PO-4471 (Southridge Commons)');
    expect(all).toContain('PO-4472 (Bayshore Town Center)');
    expect(all).toMatch(new RegExp(`Amount due ${formatCents(invoice.totalCents).replace('$', '\\$')}`));

    // Each property's heading with its PO number, and every line once with its date and amount.
    for (const section of invoice.sections) {
      expect(all).toContain(section.poNumber ? `PO number: ${section.poNumber}` : 'No PO number');
      expect(all).toContain(`Total for ${section.propertyName} ${formatCents(section.totalCents)}`);
    }
    const visitRows = pages.flat().filter((row) => /^Oct \d+ Parking Lot Cleaning/.test(row));
    expect(visitRows).toHaveLength(39);
    expect(visitRows.filter((row) => row.includes('Verified on site'))).toHaveLength(38);
    expect(visitRows).toContain('Oct 14 Parking Lot Cleaning 1 $85.00 $85.00');
    expect(pages.flat().filter((row) => /Day Porter Service.* 1 \$640\.00 \$640\.00$/.test(row))).toHaveLength(3);

    // The totals are the database's.
    expect(all).toContain(`Subtotal, all properties ${formatCents(invoice.subtotalCents)}`);
    expect(all).toContain(`Term discount ${formatCents(-invoice.discountCents)}`);
    expect(all).toContain(`Sales tax ${formatCents(invoice.taxCents)}`);
    expect(all).toContain(`Invoice total ${formatCents(invoice.totalCents)}`);
    expect(invoice.discountCents).toBeGreaterThan(0);
    expect(invoice.taxCents).toBeGreaterThan(0);

    // How to pay: the terms, a check to the company's address, and the ACH details from the settings.
    expect(all).toContain(`Net 45: please pay ${formatCents(invoice.totalCents)} by Dec 17, 2026.`);
    // Drawn again after the due date, the terms say it is past due; once paid, that it is paid.
    expect(termsText(invoice, '2026-12-17')).toBe(`Net 45: please pay ${formatCents(invoice.totalCents)} by Dec 17, 2026.`);
    expect(termsText(invoice, '2026-12-18')).toBe(
      `Net 45: ${formatCents(invoice.totalCents)} was due by Dec 17, 2026 and is past due; please pay it now.`,
    );
    expect(termsText({ ...invoice, status: 'paid', amountDueCents: 0 }, '2027-01-05')).toBe('Net 45: paid in full. Thank you.');
    expect(termsText({ ...invoice, status: 'void' }, '2027-01-05')).toBe('Net 45.');
    const late = pagesOf(
      pdfFile(
        await renderInvoicePdf({ invoice, achInstructions: ACH, appUrl: 'https://lakeshorelotcare.com', today: '2027-01-05' }),
        `${kind}-late.pdf`,
      ),
    );
    expect(late.flat().join(' ')).toContain('was due by Dec 17, 2026 and is past due; please pay it now.');
    expect(all.replace(/\s+/g, ' ')).toContain(
      'By check Payable to Lakeshore Lot Care. Mail to Lakeshore Lot Care, 2210 S. 1st Street, Milwaukee, WI 53204, with invoice 2026-00001 on the memo line.',
    );
    // The letterhead gives the same mailing address.
    expect(pages[0]!.slice(0, 4).join(' ')).toContain('2210 S. 1st Street, Milwaukee, WI 53204');
    expect(all).toContain('Routing 075900575');
    expect(pages.at(-1)!.at(-1)).toMatch(
      new RegExp(`^Lakeshore Lot Care · Invoice 2026-00001 · Harbor Retail Group · October 2026 Page ${pages.length}$`),
    );

    // Without ACH details, checks only.
    const checksOnly = pagesOf(
      pdfFile(await renderInvoicePdf({ invoice, achInstructions: ' ', appUrl: 'https://lakeshorelotcare.com' }), `${kind}-checks.pdf`),
    );
    expect(checksOnly.flat().join('\n')).not.toContain('ACH');
  });

  it('prints a late fee as a line with its day, due date and terms, and adds it up to the amount due the statement shows', async () => {
    const customer = await billingCustomer(db(), { name: 'Bayshore Property Partners', startDate: '2026-09-01', lines: [] });
    const sent = await testInvoice(db(), {
      customerId: customer.customerId,
      propertyId: customer.propertyIds[0]!,
      month: '2026-10',
      today: '2026-11-02',
      lines: [
        { kind: 'visit', date: '2026-10-05', priceCents: 8_500 },
        { kind: 'visit', date: '2026-10-19', priceCents: 8_500 },
        { kind: 'month', description: 'Day Porter Service', priceCents: 45_075, taxRateBp: 790 },
      ],
    });
    // $100 paid on Nov 20; 1.5% on what was still owed, 11 days after the Dec 2 due date (10 days' grace).
    const [payment] = await db()
      .insert(payments)
      .values({ customerId: customer.customerId, method: 'check', reference: '10452', receivedOn: '2026-11-20', amountCents: 10_000 })
      .returning({ id: payments.id });
    await db().insert(paymentAllocations).values({ paymentId: payment!.id, invoiceId: sent.id, amountCents: 10_000 });
    const percent = { lateFeeKind: 'percent', lateFeePercentBp: 150, lateFeeGraceDays: 10 } as const;
    await db()
      .insert(billingSettings)
      .values({ id: true, ...percent })
      .onConflictDoUpdate({ target: billingSettings.id, set: percent });
    expect(await applyLateFees(db(), '2026-12-13')).toBe(1);

    const invoice = await getInvoice(db(), sent.id, '2026-12-14');
    const fee = Math.floor(((invoice.totalCents - 10_000) * 150 + 5000) / 10_000);
    expect(invoice).toMatchObject({ dueOn: '2026-12-02', paidCents: 10_000, lateFeeCents: fee, lateFeeChargedOn: '2026-12-13' });
    expect(invoice.amountDueCents).toBe(invoice.totalCents + fee - 10_000);

    const file = pdfFile(
      await renderInvoicePdf({ invoice, achInstructions: '', appUrl: 'https://lakeshorelotcare.com' }),
      `${kind}-late-fee.pdf`,
    );
    expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toContain('No syntax or stream encoding errors found');
    const rows = pagesOf(file).flat();
    const all = rows.join('\n');
    const money = (cents: number) => formatCents(cents);
    // The line, in the property lines' columns, with the day and the due date and terms it was charged under.
    expect(rows).toContain(`Dec 13 Late fee 1 ${money(fee)} ${money(fee)}`);
    expect(rows.join(' ')).toContain('Charged Dec 13, 2026, 11 days after the due date of Dec 2, 2026 (Net 30 terms)');
    // The totals: the invoice's, the fee, what was paid, and what is due, adding up to the cent.
    const totals = [
      `Invoice total ${money(invoice.totalCents)}`,
      `Late fee, charged Dec 13, 2026 ${money(fee)}`,
      `Paid and credited ${money(-10_000)}`,
      `Amount due ${money(invoice.amountDueCents)}`,
    ];
    const at = totals.map((line) => rows.lastIndexOf(line));
    expect(
      at.every((index) => index >= 0),
      `${totals.join(' / ')} in\n${all}`,
    ).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(all).toMatch(new RegExp(`Amount due ${money(invoice.amountDueCents).replace('$', '\\$')}`));

    // The statement (and the console's account, which it reads) asks the same for this invoice.
    const statement = await statementOf(db(), customer.customerId, '2026-12-14');
    const open = statement.account.openInvoices.find((row) => row.id === sent.id)!;
    expect(open).toMatchObject({ totalCents: invoice.totalCents, amountDueCents: invoice.amountDueCents });
    expect(open.lateFee).toMatchObject({ amountCents: fee, appliedOn: '2026-12-13', waived: false });
    const statementRows = pagesOf(
      pdfFile(await renderStatementPdf(statement, 'https://lakeshorelotcare.com'), `${kind}-late-fee-statement.pdf`),
    ).flat();
    expect(statementRows.find((row) => row.startsWith(invoice.number!))).toMatch(
      new RegExp(`${money(invoice.totalCents).replace('$', '\\$')} ${money(invoice.amountDueCents).replace('$', '\\$')}$`),
    );

    // The statement says where checks go: the street, city and ZIP code.
    expect(statementRows.join(' ')).toContain(
      `by check payable to Lakeshore Lot Care, mailed to Lakeshore Lot Care, 2210 S. 1st Street, Milwaukee, WI 53204, with the invoice numbers on the memo line`,
    );

    // Waived, the fee leaves the PDF and the amount due.
    await db().execute(sql`update late_fees set waived_at = now() where invoice_id = ${sent.id}`);
    const waived = await getInvoice(db(), sent.id, '2026-12-14');
    expect(waived).toMatchObject({ lateFeeCents: 0, lateFeeChargedOn: null, amountDueCents: invoice.totalCents - 10_000 });
    const after = pagesOf(
      pdfFile(
        await renderInvoicePdf({ invoice: waived, achInstructions: '', appUrl: 'https://lakeshorelotcare.com' }),
        `${kind}-waived.pdf`,
      ),
    )
      .flat()
      .join('\n');
    expect(after).not.toContain('Late fee');
    expect(after).toContain(`Amount due ${money(waived.amountDueCents)}`);
  });
});
