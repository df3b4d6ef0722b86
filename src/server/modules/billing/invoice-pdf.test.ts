import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { formatCents } from '../../../shared/money';
import { billingSettings, customers, invoices, properties } from '../../db/schema';
import { emptyTables, testDatabaseFor, testDatabases } from '#test/database';
import { addVisit, billingCustomer } from '#test/billing';
import { prepareInvoices } from './billing-run';
import { approveInvoice } from './invoice-approval';
import { invoicePdfFileName, renderInvoicePdf } from './invoice-pdf';
import { getInvoice } from './invoice-views';

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

    // Warm: pdfkit and the fonts are loaded once per process. The best of three renders: the
    // machine is shared, so one render may wait for the CPU, not for the drawing.
    const input = { invoice, achInstructions: ACH, appUrl: 'https://lakeshorelotcare.com' };
    await renderInvoicePdf(input);
    let pdf: Buffer = Buffer.alloc(0);
    let ms = Infinity;
    for (let round = 0; round < 3; round++) {
      const started = performance.now();
      pdf = await renderInvoicePdf(input);
      ms = Math.min(ms, performance.now() - started);
    }
    console.info(`invoice PDF, ${lines.length} lines: ${ms.toFixed(0)} ms (best of 3), ${pdf.byteLength} bytes`);
    expect(ms).toBeLessThan(1000);

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
    expect(all).toMatch(/By check Payable to Lakeshore Lot Care\. Mail to Lakeshore Lot Care, Milwaukee, WI\s+53204/);
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
});
