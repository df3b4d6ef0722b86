import type { Invoice, InvoiceLine, InvoiceSection } from '../../../shared/api/invoices';
import { company } from '../../../shared/company';
import { mediumDateText } from '../../../shared/date-formats';
import { invoicePeriodText, lateFeeLabel, PAYMENT_TERMS_LABELS } from '../../../shared/invoices';
import { daysBetween, localToday } from '../../../shared/local-dates';
import { formatCents } from '../../../shared/money';
import { CONTENT_WIDTH, type Doc, MARGIN, type NewPage, PAGE } from '../../pdf/document';
import { BOLD, FONT } from '../../pdf/fonts';
import { keepTogether } from '../../pdf/keep-together';
import { drawSections } from '../../pdf/sections';
import { color, type Tone } from '../../pdf/palette';
import { drawTable, type Table, type TableCell, tableLeadHeightOf } from '../../pdf/table';
import { heading, headingHeight, heightOf, text } from '../../pdf/text';
import { type TotalLine, totalsBlock, totalsHeight } from '../../pdf/totals';
import { BAND, drawLetterhead, fileSlug, mailingAddressText, renderBillingPdf } from './billing-letterhead';

/*
 * An invoice as a PDF (issue 25): what a customer's accounts payable files and pays from. Page 1
 * opens with the company, the invoice's number, dates and amount due, and whom it is billed to
 * with the PO numbers; then a section per property with its lines (each visit's date and
 * "Verified on site"), its subtotal, term discount and tax; a late fee charged on it, as a line
 * with its day, and the due date and terms it was charged under; the invoice's totals; and how to pay:
 * the terms, the due date, a check to the company's address, or ACH as the billing settings say.
 * Every figure is the stored one (getInvoice); this file only lays out its cents.
 */

export interface InvoicePdfInput {
  invoice: Invoice;
  /** The billing settings' ACH details (bank, routing and account numbers); empty: checks only. */
  achInstructions: string;
  /** The app's address, printed as the company's website. */
  appUrl: string;
  /** The day the PDF is drawn (YYYY-MM-DD, Chicago; today by default): past the due date, the terms say so. */
  today?: string;
}

const VERIFIED: Tone = { fg: color.leaf600, bg: color.leaf50 };

/** "Invoice 2026-00001", or "Draft invoice" before approval gives it a number. */
export const invoiceTitle = (invoice: Pick<Invoice, 'number'>) => (invoice.number ? `Invoice ${invoice.number}` : 'Draft invoice');

/** The download's and attachment's file name: "Invoice-2026-00001-Harbor-Retail-Group.pdf". */
export function invoicePdfFileName(invoice: Pick<Invoice, 'number' | 'customerName' | 'periodStart'>): string {
  const slug = fileSlug(invoice.customerName);
  return `Invoice-${invoice.number ?? `draft-${invoice.periodStart.slice(0, 7)}`}${slug ? `-${slug}` : ''}.pdf`;
}

/** "October 2026" for a whole month, "Nov 1 – Nov 17, 2026" for a month billed to date (the portal shows the same words). */
export const periodText = invoicePeriodText;

/** The company's address for checks, one line. */
export const remitToText = () => `${company.name}, ${mailingAddressText()}`;

/** Thousandths as written: 1000 is "1", 1250 is "1.25". */
const quantityText = (milli: number) => (milli / 1000).toLocaleString('en-US', { maximumFractionDigits: 3 });

/** The PO numbers of the sections that have one: "PO-4471 (Southridge Commons)". */
const poNumbersOf = (invoice: Invoice) =>
  invoice.sections.filter((section) => section.poNumber?.trim()).map((section) => `${section.poNumber!.trim()} (${section.propertyName})`);

const STATUS_PILLS: Partial<Record<Invoice['status'], { label: string; tone: Tone }>> = {
  void: { label: 'Void', tone: { fg: '#ffffff', bg: color.red700 } },
  paid: { label: 'Paid', tone: { fg: '#ffffff', bg: color.leaf600 } },
  draft: { label: 'Draft: not sent', tone: { fg: color.amber700, bg: color.amber50 } },
};

function firstPage(doc: Doc, invoice: Invoice, appUrl: string): number {
  drawLetterhead(doc, {
    kicker: `Invoice for ${periodText(invoice)}`,
    title: invoiceTitle(invoice),
    appUrl,
    status: STATUS_PILLS[invoice.status],
  });
  const y = BAND + 28;
  const leftWidth = 270;
  text(doc, 'BILL TO', MARGIN.left, y, { font: BOLD, size: 8, ink: color.muted });
  let below = text(doc, invoice.customerName, MARGIN.left, y + 13, {
    font: BOLD,
    size: 15,
    ink: color.ink,
    width: leftWidth,
    height: 38,
    ellipsis: true,
  });
  if (invoice.billingAddress?.trim()) {
    const address = invoice.billingAddress.trim();
    text(doc, address, MARGIN.left, below + 2, { size: 10, ink: color.body, width: leftWidth, lineGap: 1 });
    below += 2 + heightOf(doc, address, leftWidth, FONT, 10, 1);
  }
  const poNumbers = poNumbersOf(invoice);
  if (poNumbers.length) {
    text(doc, poNumbers.length === 1 ? 'PO NUMBER' : 'PO NUMBERS', MARGIN.left, below + 10, { font: BOLD, size: 8, ink: color.muted });
    below = text(doc, poNumbers.join('\n'), MARGIN.left, below + 23, { size: 9.5, ink: color.ink, width: leftWidth, lineGap: 1 });
  }

  const facts: Array<[string, string, boolean?]> = [
    ['Invoice number', invoice.number ?? 'Given when approved'],
    ['Invoice date', invoice.issuedOn ? mediumDateText(invoice.issuedOn) : 'Not sent yet'],
    ['Period', periodText(invoice)],
    ['Terms', PAYMENT_TERMS_LABELS[invoice.paymentTerms]],
    ['Due date', invoice.dueOn ? mediumDateText(invoice.dueOn) : 'Set when sent'],
  ];
  const factsX = MARGIN.left + CONTENT_WIDTH - 210;
  facts.forEach(([label, value], index) => {
    const rowY = y + index * 17;
    text(doc, label, factsX, rowY, { size: 9, ink: color.muted });
    text(doc, value, factsX + 84, rowY - 0.5, { font: BOLD, size: 9.5, ink: color.ink, width: 126, align: 'right' });
  });
  // The amount due, in its own panel under the facts: the figure the reader looks for first.
  const panelY = y + facts.length * 17 + 6;
  doc.roundedRect(factsX - 10, panelY, 220, 40, 6).fill(color.brand50);
  text(doc, 'Amount due', factsX, panelY + 14, { font: BOLD, size: 10, ink: color.brand900 });
  text(doc, formatCents(invoice.amountDueCents), factsX + 84, panelY + 11, {
    font: BOLD,
    size: 15,
    ink: color.brand900,
    width: 126,
    align: 'right',
  });
  let bottom = Math.max(below, panelY + 40) + 26;
  if (invoice.status === 'void') {
    const why = `This invoice is void${invoice.voidReason ? `: ${invoice.voidReason}` : ''}. Nothing is owed on it.`;
    const height = heightOf(doc, why, CONTENT_WIDTH - 32, BOLD, 10.5) + 24;
    doc.roundedRect(MARGIN.left, bottom - 10, CONTENT_WIDTH, height, 6).fill(color.red50);
    text(doc, why, MARGIN.left + 16, bottom + 2, { font: BOLD, size: 10.5, ink: color.red700, width: CONTENT_WIDTH - 32 });
    bottom += height + 10;
  }
  return bottom;
}

const LINE_COLUMNS = [
  { label: 'DATE', width: 66 },
  { label: 'SERVICE', width: CONTENT_WIDTH - 66 - 46 - 84 - 84, strong: true },
  { label: 'QTY', width: 46, align: 'right' as const },
  { label: 'UNIT PRICE', width: 84, align: 'right' as const },
  { label: 'AMOUNT', width: 84, align: 'right' as const },
];

/** What a line says under its name: staff's note on a line added by hand, how hours are counted. */
function lineDetail(line: InvoiceLine): string | undefined {
  const notes = [line.kind === 'adjustment' && line.note?.trim() ? line.note.trim() : ''];
  if (line.kind === 'hours') notes.push('Hours on site, rounded up to the quarter hour');
  return notes.filter(Boolean).join(' · ') || undefined;
}

function linesTable(section: InvoiceSection): Table {
  const rows = section.lines
    .filter((line) => !line.removal)
    .map((line): TableCell[] => [
      { text: mediumDateText(line.serviceDate).replace(/, \d{4}$/, '') },
      {
        text: line.description,
        detail: lineDetail(line),
        tag: line.verified ? { label: 'Verified on site', tone: VERIFIED } : undefined,
      },
      { text: quantityText(line.quantityMilli) },
      { text: formatCents(line.unitPriceCents) },
      { text: formatCents(line.amountCents) },
    ]);
  return { columns: LINE_COLUMNS, rows };
}

function sectionTotals(section: InvoiceSection): TotalLine[] {
  const lines: TotalLine[] = [{ label: 'Subtotal', value: formatCents(section.subtotalCents) }];
  if (section.discountCents) lines.push({ label: 'Term discount', value: formatCents(-section.discountCents) });
  if (section.taxCents) lines.push({ label: 'Sales tax', value: formatCents(section.taxCents) });
  lines.push({ label: `Total for ${section.propertyName}`, value: formatCents(section.totalCents), strong: true });
  return lines;
}

const SECTION_HEAD = 44;
const TOTALS_BLOCK_WIDTH = 300;

function sectionHeading(doc: Doc, section: InvoiceSection, index: number, count: number, y: number): number {
  const right = PAGE.width - MARGIN.right;
  doc.rect(MARGIN.left, y, CONTENT_WIDTH, 2.5).fill(color.brand700);
  y += 11;
  const po = section.poNumber?.trim();
  text(doc, po ? `PO number: ${po}` : 'No PO number', right - 170, y + 4, {
    font: po ? BOLD : FONT,
    size: 9,
    ink: po ? color.ink : color.muted,
    width: 170,
    align: 'right',
  });
  text(doc, section.propertyName, MARGIN.left, y, {
    font: BOLD,
    size: 14,
    ink: color.ink,
    width: CONTENT_WIDTH - 180,
    height: 18,
    ellipsis: true,
  });
  const place = count > 1 ? `${section.address} · Property ${index + 1} of ${count}` : section.address;
  text(doc, place, MARGIN.left, y + 20, { size: 9.5, ink: color.body, width: CONTENT_WIDTH, height: 12, ellipsis: true });
  return y + SECTION_HEAD - 11 + 6;
}

function propertySections(doc: Doc, invoice: Invoice, y: number, newPage: NewPage): number {
  const count = invoice.sections.length;
  const lineCount = invoice.sections.reduce((sum, section) => sum + section.lines.filter((line) => !line.removal).length, 0);
  const note = `${lineCount} ${lineCount === 1 ? 'line' : 'lines'} at ${count} ${count === 1 ? 'property' : 'properties'}. “Verified on site”: the crew's check-in was confirmed at the property.`;
  return drawSections(doc, y, newPage, {
    title: 'Work billed',
    note,
    sections: invoice.sections.map((section, index) => {
      const totals = sectionTotals(section);
      return {
        name: section.propertyName,
        headHeight: SECTION_HEAD,
        drawHead: (at) => sectionHeading(doc, section, index, count, at),
        table: linesTable(section),
        tailHeight: totalsHeight(totals) + 10,
        drawTail: (at) => totalsBlock(doc, at, totals, { width: TOTALS_BLOCK_WIDTH }) + 22,
      };
    }),
  });
}

/** The late fee charged on the invoice and not waived, with its day; none on a void invoice, which asks for nothing. */
function lateFeeOf(invoice: Invoice): { cents: number; chargedOn: string } | null {
  if (invoice.status === 'void' || !invoice.lateFeeCents || !invoice.lateFeeChargedOn) return null;
  return { cents: invoice.lateFeeCents, chargedOn: invoice.lateFeeChargedOn };
}

/** The late fee as a line of its own, in the columns of the property lines: its day, and the due date and terms it was charged under. */
function lateFeeTable(invoice: Invoice, fee: { cents: number; chargedOn: string }): Table {
  const terms = `${PAYMENT_TERMS_LABELS[invoice.paymentTerms]} terms`;
  let detail = `Charged ${mediumDateText(fee.chargedOn)} under ${terms}`;
  if (invoice.dueOn) {
    const days = daysBetween(invoice.dueOn, fee.chargedOn);
    detail = `Charged ${mediumDateText(fee.chargedOn)}, ${days} ${days === 1 ? 'day' : 'days'} after the due date of ${mediumDateText(invoice.dueOn)} (${terms})`;
  }
  return {
    columns: LINE_COLUMNS,
    rows: [
      [
        { text: mediumDateText(fee.chargedOn).replace(/, \d{4}$/, '') },
        { text: 'Late fee', detail },
        { text: '1' },
        { text: formatCents(fee.cents) },
        { text: formatCents(fee.cents) },
      ],
    ],
  };
}

function lateFeeSection(doc: Doc, invoice: Invoice, y: number, newPage: NewPage): number {
  const fee = lateFeeOf(invoice);
  if (!fee) return y;
  const note = 'Charged because the invoice was still unpaid after its due date; it is part of the amount due.';
  const table = lateFeeTable(invoice, fee);
  y = keepTogether(y, headingHeight(note) + tableLeadHeightOf(doc, table, 1), newPage);
  y = heading(doc, 'Late fee', y, note);
  return drawTable(doc, y, table, newPage) + 22;
}

function invoiceTotalLines(invoice: Invoice): TotalLine[] {
  const fee = lateFeeOf(invoice);
  const lines: TotalLine[] = [{ label: 'Subtotal, all properties', value: formatCents(invoice.subtotalCents) }];
  if (invoice.discountCents) lines.push({ label: 'Term discount', value: formatCents(-invoice.discountCents) });
  lines.push({ label: 'Sales tax', value: formatCents(invoice.taxCents) });
  lines.push({ label: 'Invoice total', value: formatCents(invoice.totalCents), strong: !invoice.paidCents && !fee });
  if (fee) lines.push({ label: lateFeeLabel(fee.chargedOn), value: formatCents(fee.cents) });
  if (invoice.paidCents) lines.push({ label: 'Paid and credited', value: formatCents(-invoice.paidCents) });
  if (invoice.paidCents || fee) lines.push({ label: 'Amount due', value: formatCents(invoice.amountDueCents), strong: true });
  return lines;
}

/**
 * The terms line over the ways to pay: what to pay by when; once the due date has passed, that it
 * is past due; once nothing is owed, that it is paid (a copy downloaded later must not still ask).
 */
export function termsText(invoice: Invoice, today: string): string {
  const label = PAYMENT_TERMS_LABELS[invoice.paymentTerms];
  if (!invoice.dueOn || invoice.status === 'void') return `${label}.`;
  const due = mediumDateText(invoice.dueOn);
  if (invoice.amountDueCents <= 0 && invoice.status !== 'draft') return `${label}: paid in full. Thank you.`;
  if (invoice.dueOn < today)
    return `${label}: ${formatCents(invoice.amountDueCents)} was due by ${due} and is past due; please pay it now.`;
  return `${label}: please pay ${formatCents(invoice.amountDueCents)} by ${due}.`;
}

function totalsAndPayment(doc: Doc, invoice: Invoice, achInstructions: string, today: string, y: number, newPage: NewPage): number {
  const totals = invoiceTotalLines(invoice);
  const reference = invoice.number ? `invoice ${invoice.number}` : 'the invoice number';
  const terms = termsText(invoice, today);
  const ways: Array<[string, string]> = [
    ['By check', `Payable to ${company.name}. Mail to ${remitToText()}, with ${reference} on the memo line.`],
  ];
  const ach = achInstructions.trim();
  if (ach) ways.push(['By ACH transfer', `${ach}\nPlease put ${reference} in the payment's reference.`]);
  const width = CONTENT_WIDTH - 32;
  const wayHeights = ways.map(([, how]) => heightOf(doc, how, width - 100, FONT, 9.5, 1.5) + 10);
  const questions = `Questions about this invoice? Call ${company.phone.display} or write to ${company.supportEmail}.`;
  const boxHeight = 40 + heightOf(doc, terms, width, BOLD, 10.5) + wayHeights.reduce((sum, h) => sum + h, 0) + 24;

  y = keepTogether(y, headingHeight() + totalsHeight(totals) + 24 + boxHeight, newPage);
  y = heading(doc, 'Invoice total', y);
  y = totalsBlock(doc, y, totals, { width: TOTALS_BLOCK_WIDTH }) + 24;

  doc.roundedRect(MARGIN.left, y, CONTENT_WIDTH, boxHeight, 6).fill(color.panel);
  doc.rect(MARGIN.left, y, 3, boxHeight).fill(color.brand700);
  text(doc, 'HOW TO PAY', MARGIN.left + 18, y + 14, { font: BOLD, size: 7.5, ink: color.brand700 });
  let inner = text(doc, terms, MARGIN.left + 18, y + 28, { font: BOLD, size: 10.5, ink: color.ink, width }) + 8;
  ways.forEach(([label, how], index) => {
    text(doc, label, MARGIN.left + 18, inner, { font: BOLD, size: 9.5, ink: color.ink, width: 92 });
    text(doc, how, MARGIN.left + 118, inner, { size: 9.5, ink: color.body, width: width - 100, lineGap: 1.5 });
    inner += wayHeights[index]!;
  });
  text(doc, questions, MARGIN.left + 18, inner + 2, { size: 8.5, ink: color.muted, width });
  return y + boxHeight + 20;
}

/**
 * Renders an invoice as a PDF (US Letter, the PDF kit's house style), in memory: a few pages of
 * text, no images. Rendered in-process: a 40-line invoice takes a fraction of a second (invoice-pdf.test.ts measures it).
 */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const { invoice } = input;
  const title = invoiceTitle(invoice);
  return renderBillingPdf(
    {
      title: `${title} · ${invoice.customerName}`,
      subject: `${company.name}: lot care for ${periodText(invoice)}`,
      footer: `${company.name} · ${title} · ${invoice.customerName} · ${periodText(invoice)}`,
    },
    (doc, newPage) => {
      let y = firstPage(doc, invoice, input.appUrl);
      y = propertySections(doc, invoice, y, newPage);
      y = lateFeeSection(doc, invoice, y, newPage);
      totalsAndPayment(doc, invoice, input.achInstructions, input.today ?? localToday(), y, newPage);
    },
  );
}
