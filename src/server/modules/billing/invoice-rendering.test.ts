import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { invoiceView, visitLine } from '#test/invoice-views';
import { BusyError } from '../../errors';
import { renderInvoicePdf } from './invoice-pdf';
import { INVOICES_BUSY_MESSAGE, renderInvoicePdfOffThread } from './invoice-rendering';

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', '-', '-'], { input: pdf, encoding: 'utf8' });

const line = (day: number, verified: boolean) => ({ ...visitLine(`line-${day}`, `2026-10-${String(day).padStart(2, '0')}`), verified });

const invoice = invoiceView({
  totalCents: 25_500,
  amountDueCents: 25_500,
  subtotalCents: 25_500,
  lineCount: 3,
  sections: [
    {
      propertyId: 'property-1',
      propertyName: 'Southridge Commons',
      address: '5300 S 76th St, Greendale',
      poNumber: 'PO-4471',
      lines: [line(5, true), line(12, false), line(19, true)],
      subtotalCents: 25_500,
      discountCents: 0,
      taxCents: 0,
      totalCents: 25_500,
    },
  ],
});
const input = { invoice, achInstructions: '', appUrl: 'https://lakeshorelotcare.com' };

describe('invoice PDFs drawn off the server’s thread', () => {
  it('draws the same invoice as the in-process renderer', async () => {
    const [offThread, inProcess] = await Promise.all([renderInvoicePdfOffThread(input), renderInvoicePdf(input)]);
    expect(offThread.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(offThread);
    expect(text).toContain('Invoice 2026-00042');
    expect(text).toContain('Southridge Commons');
    expect(text.replace(/\s+/g, ' ')).toContain('Invoice total $255.00');
    expect(text).toBe(pdfText(inProcess));
  });

  it('refuses with 503 and Retry-After when too many wait, and draws the rest', async () => {
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => renderInvoicePdfOffThread(input)));
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    for (const result of refused) {
      expect(result.reason).toBeInstanceOf(BusyError);
      expect(result.reason).toMatchObject({ statusCode: 503, retryAfterSeconds: 5, message: INVOICES_BUSY_MESSAGE });
    }
    expect(results.filter((result) => result.status === 'fulfilled').length).toBe(17);
  });
});
