import type { CreditNote, Invoice } from '../../../shared/api/invoices';
import { company } from '../../../shared/company';
import { mediumDateText } from '../../../shared/date-formats';
import { formatCents } from '../../../shared/money';
import { CONTENT_WIDTH, MARGIN } from '../../pdf/document';
import { BOLD, FONT } from '../../pdf/fonts';
import { color } from '../../pdf/palette';
import { drawTable } from '../../pdf/table';
import { heading, heightOf, text } from '../../pdf/text';
import { totalsBlock } from '../../pdf/totals';
import { BAND, drawLetterhead, fileSlug, renderBillingPdf } from './billing-letterhead';
import { periodText, remitToText } from './invoice-pdf';

/*
 * A credit note as a PDF (issue 25): the correction of a sent invoice, with its own number. It
 * names the invoice it corrects, says why, and shows what it takes off (the tax part apart) and
 * what the invoice asks for after it. Every figure is the stored one.
 */

export interface CreditNotePdfInput {
  creditNote: CreditNote;
  /** The invoice it corrects, as it stands with the credit note taken off. */
  invoice: Invoice;
  appUrl: string;
}

export const creditNoteTitle = (creditNote: Pick<CreditNote, 'number'>) => `Credit note ${creditNote.number}`;

/** "Credit-note-CN-2026-00001-Harbor-Retail-Group.pdf". */
export function creditNotePdfFileName(creditNote: Pick<CreditNote, 'number'>, invoice: Pick<Invoice, 'customerName'>): string {
  const slug = fileSlug(invoice.customerName);
  return `Credit-note-${creditNote.number}${slug ? `-${slug}` : ''}.pdf`;
}

export async function renderCreditNotePdf({ creditNote, invoice, appUrl }: CreditNotePdfInput): Promise<Buffer> {
  const title = creditNoteTitle(creditNote);
  return renderBillingPdf(
    {
      title: `${title} · ${invoice.customerName}`,
      subject: `${company.name}: a correction to invoice ${invoice.number ?? ''}`,
      footer: `${company.name} · ${title} · for invoice ${invoice.number ?? ''} · ${invoice.customerName}`,
    },
    (doc, newPage) => {
      drawLetterhead(doc, { kicker: `Correction to invoice ${invoice.number ?? ''}`, title, appUrl });
      let y = BAND + 28;
      const leftWidth = 270;
      text(doc, 'CREDITED TO', MARGIN.left, y, { font: BOLD, size: 8, ink: color.muted });
      let below = text(doc, invoice.customerName, MARGIN.left, y + 13, { font: BOLD, size: 15, ink: color.ink, width: leftWidth });
      if (invoice.billingAddress?.trim())
        below = text(doc, invoice.billingAddress.trim(), MARGIN.left, below + 2, {
          size: 10,
          ink: color.body,
          width: leftWidth,
          lineGap: 1,
        });
      const facts: Array<[string, string]> = [
        ['Credit note', creditNote.number],
        ['Date', mediumDateText(creditNote.issuedOn)],
        ['For invoice', invoice.number ?? ''],
        ['Invoice date', invoice.issuedOn ? mediumDateText(invoice.issuedOn) : ''],
        ['Period', periodText(invoice)],
      ];
      const factsX = MARGIN.left + CONTENT_WIDTH - 210;
      facts.forEach(([label, value], index) => {
        text(doc, label, factsX, y + index * 17, { size: 9, ink: color.muted });
        text(doc, value, factsX + 84, y + index * 17 - 0.5, { font: BOLD, size: 9.5, ink: color.ink, width: 126, align: 'right' });
      });
      y = Math.max(below, y + facts.length * 17) + 28;

      y = heading(doc, 'What is credited', y);
      const beforeTax = creditNote.amountCents - creditNote.taxCents;
      y = drawTable(
        doc,
        y,
        {
          columns: [
            { label: 'REASON', width: CONTENT_WIDTH - 96, strong: true },
            { label: 'AMOUNT', width: 96, align: 'right' },
          ],
          rows: [[{ text: creditNote.reason }, { text: formatCents(-beforeTax) }]],
        },
        newPage,
      );
      y += 10;
      const totals = [
        ...(creditNote.taxCents ? [{ label: 'Sales tax credited', value: formatCents(-creditNote.taxCents) }] : []),
        { label: 'Total credit', value: formatCents(-creditNote.amountCents), strong: true },
      ];
      y = totalsBlock(doc, y, totals, { width: 300 }) + 26;

      const after =
        invoice.amountDueCents > 0
          ? `Invoice ${invoice.number ?? ''} now asks for ${formatCents(invoice.amountDueCents)}${invoice.dueOn ? `, due ${mediumDateText(invoice.dueOn)}` : ''}. To pay, mail a check payable to ${company.name} to ${remitToText()}, with the invoice number on the memo line.`
          : `Invoice ${invoice.number ?? ''} is settled: nothing more is owed on it.`;
      const width = CONTENT_WIDTH - 32;
      const boxHeight = heightOf(doc, after, width, FONT, 10, 1.5) + 40;
      doc.roundedRect(MARGIN.left, y, CONTENT_WIDTH, boxHeight, 6).fill(color.panel);
      doc.rect(MARGIN.left, y, 3, boxHeight).fill(color.brand700);
      text(doc, 'WHAT THIS MEANS', MARGIN.left + 18, y + 12, { font: BOLD, size: 7.5, ink: color.brand700 });
      text(doc, after, MARGIN.left + 18, y + 26, { size: 10, ink: color.body, width, lineGap: 1.5 });
      text(doc, `Questions? Call ${company.phone.display} or write to ${company.supportEmail}.`, MARGIN.left, y + boxHeight + 16, {
        size: 8.5,
        ink: color.muted,
        width: CONTENT_WIDTH,
      });
    },
  );
}
