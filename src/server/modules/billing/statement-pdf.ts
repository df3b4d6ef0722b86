import { AGING_BUCKET_LABELS } from '../../../shared/api/payments';
import { company } from '../../../shared/company';
import { mediumDateText } from '../../../shared/date-formats';
import { PAYMENT_METHOD_LABELS, PAYMENT_TERMS_LABELS } from '../../../shared/invoices';
import { formatCents } from '../../../shared/money';
import { CONTENT_WIDTH, type Doc, MARGIN, type NewPage } from '../../pdf/document';
import { BOLD, FONT } from '../../pdf/fonts';
import { keepTogether } from '../../pdf/keep-together';
import { color } from '../../pdf/palette';
import { drawTable, tableLeadHeight } from '../../pdf/table';
import { heading, headingHeight, heightOf, text } from '../../pdf/text';
import { totalsBlock, totalsHeight } from '../../pdf/totals';
import { daysPastDue } from './balances';
import { BAND, drawLetterhead, renderBillingPdf } from './billing-letterhead';
import { periodText, remitToText } from './invoice-pdf';
import type { Statement } from './statement';

/*
 * A statement of account as a PDF (issue 25): what a customer's accounts payable reconciles
 * against. The balance first, then the aging, each open invoice with what it still asks for, the
 * last 90 days' payments, and how to pay. Every figure is the stored one (statement.ts).
 */

const short = (day: string) => mediumDateText(day);

function header(doc: Doc, statement: Statement, appUrl: string): number {
  const { account } = statement;
  drawLetterhead(doc, { kicker: `As of ${short(statement.asOf)}`, title: 'Statement of account', appUrl });
  const y = BAND + 28;
  const leftWidth = 270;
  text(doc, 'ACCOUNT OF', MARGIN.left, y, { font: BOLD, size: 8, ink: color.muted });
  let below = text(doc, account.customerName, MARGIN.left, y + 13, { font: BOLD, size: 15, ink: color.ink, width: leftWidth });
  if (statement.billingAddress)
    below = text(doc, statement.billingAddress, MARGIN.left, below + 2, { size: 10, ink: color.body, width: leftWidth, lineGap: 1 });
  const facts: Array<[string, string]> = [
    ['Statement date', short(statement.asOf)],
    ['Terms', PAYMENT_TERMS_LABELS[statement.paymentTerms]],
    ['Open invoices', String(account.openInvoices.length)],
  ];
  const factsX = MARGIN.left + CONTENT_WIDTH - 210;
  facts.forEach(([label, value], index) => {
    text(doc, label, factsX, y + index * 17, { size: 9, ink: color.muted });
    text(doc, value, factsX + 84, y + index * 17 - 0.5, { font: BOLD, size: 9.5, ink: color.ink, width: 126, align: 'right' });
  });
  const panelY = y + facts.length * 17 + 6;
  doc.roundedRect(factsX - 10, panelY, 220, 40, 6).fill(color.brand50);
  text(doc, account.balanceCents < 0 ? 'Credit' : 'Balance due', factsX, panelY + 14, { font: BOLD, size: 10, ink: color.brand900 });
  text(doc, formatCents(Math.abs(account.balanceCents)), factsX + 84, panelY + 11, {
    font: BOLD,
    size: 15,
    ink: color.brand900,
    width: 126,
    align: 'right',
  });
  return Math.max(below, panelY + 40) + 26;
}

function agingTable(doc: Doc, statement: Statement, y: number, newPage: NewPage): number {
  const width = CONTENT_WIDTH / (statement.aging.length + 1);
  y = keepTogether(y, headingHeight() + tableLeadHeight(1), newPage);
  y = heading(doc, 'Aging', y);
  const owed = statement.aging.reduce((sum, bucket) => sum + bucket.amountCents, 0);
  return (
    drawTable(
      doc,
      y,
      {
        columns: [
          ...statement.aging.map((bucket) => ({
            label: (bucket.bucket === 'current' ? 'Not yet due' : `${AGING_BUCKET_LABELS[bucket.bucket]} late`).toUpperCase(),
            width,
            align: 'right' as const,
          })),
          { label: 'TOTAL OWED', width, align: 'right' as const, strong: true },
        ],
        rows: [[...statement.aging.map((bucket) => formatCents(bucket.amountCents)), formatCents(owed)]],
      },
      newPage,
    ) + 22
  );
}

function openInvoices(doc: Doc, statement: Statement, y: number, newPage: NewPage): number {
  const invoices = statement.account.openInvoices;
  const note = invoices.length
    ? 'Each invoice sent and not yet paid in full, oldest due first, with what it still asks for.'
    : 'Every invoice is paid. Thank you.';
  y = keepTogether(y, headingHeight(note) + (invoices.length ? tableLeadHeight(Math.min(invoices.length, 3)) : 0), newPage);
  y = heading(doc, 'Open invoices', y, note);
  if (!invoices.length) return y + 8;
  return (
    drawTable(
      doc,
      y,
      {
        columns: [
          { label: 'INVOICE', width: 80, strong: true },
          { label: 'PERIOD', width: CONTENT_WIDTH - 80 - 70 - 96 - 80 - 86 },
          { label: 'SENT', width: 70 },
          { label: 'DUE', width: 96 },
          { label: 'TOTAL', width: 80, align: 'right' },
          { label: 'STILL DUE', width: 86, align: 'right' },
        ],
        rows: invoices.map((invoice) => {
          const late = invoice.dueOn ? daysPastDue(invoice.dueOn, statement.asOf) : 0;
          const fee = invoice.lateFee && !invoice.lateFee.waived ? `incl. late fee ${formatCents(invoice.lateFee.amountCents)}` : undefined;
          return [
            { text: invoice.number ?? '' },
            { text: periodText(invoice) },
            { text: invoice.issuedOn ? short(invoice.issuedOn).replace(/, \d{4}$/, '') : '' },
            {
              text: invoice.dueOn ? short(invoice.dueOn) : '',
              detail: late > 0 ? `${late} ${late === 1 ? 'day' : 'days'} overdue` : undefined,
            },
            { text: formatCents(invoice.totalCents) },
            { text: formatCents(invoice.amountDueCents), detail: fee },
          ];
        }),
      },
      newPage,
    ) + 22
  );
}

function recentPayments(doc: Doc, statement: Statement, y: number, newPage: NewPage): number {
  const payments = statement.recentPayments;
  const note = payments.length
    ? 'Received in the last 90 days, newest first, and what each paid.'
    : 'No payments received in the last 90 days.';
  y = keepTogether(y, headingHeight(note) + (payments.length ? tableLeadHeight(Math.min(payments.length, 3)) : 0), newPage);
  y = heading(doc, 'Payments received', y, note);
  if (!payments.length) return y + 8;
  return (
    drawTable(
      doc,
      y,
      {
        columns: [
          { label: 'RECEIVED', width: 90 },
          { label: 'PAID BY', width: 130, strong: true },
          { label: 'APPLIED TO', width: CONTENT_WIDTH - 90 - 130 - 90 },
          { label: 'AMOUNT', width: 90, align: 'right' },
        ],
        rows: payments.map((payment) => [
          { text: short(payment.receivedOn) },
          {
            text: `${PAYMENT_METHOD_LABELS[payment.method]}${payment.reference ? ` ${payment.method === 'check' ? 'no. ' : ''}${payment.reference}` : ''}`,
          },
          {
            text:
              payment.allocations.map((allocation) => `${allocation.number ?? ''} (${formatCents(allocation.amountCents)})`).join(', ') ||
              'Credit on the account',
            detail:
              payment.allocations.length && payment.unappliedCents > 0
                ? `${formatCents(payment.unappliedCents)} kept as credit on the account`
                : undefined,
          },
          { text: formatCents(payment.amountCents) },
        ]),
      },
      newPage,
    ) + 22
  );
}

function balance(doc: Doc, statement: Statement, y: number, newPage: NewPage): number {
  const { account } = statement;
  const lines = [{ label: 'Open invoices still ask for', value: formatCents(account.owedCents) }];
  if (account.creditCents) lines.push({ label: 'Credit on the account', value: formatCents(-account.creditCents) });
  const totals = [
    ...lines,
    {
      label: account.balanceCents < 0 ? 'Credit to carry forward' : 'Balance due',
      value: formatCents(Math.abs(account.balanceCents)),
      strong: true,
    },
  ];
  const how =
    account.balanceCents > 0
      ? `Please pay ${formatCents(account.balanceCents)} by check payable to ${company.name}, mailed to ${remitToText()}, with the invoice numbers on the memo line${statement.achInstructions.trim() ? `, or by ACH: ${statement.achInstructions.trim()}` : ''}.`
      : account.balanceCents < 0
        ? 'The credit on your account goes toward your next invoice.'
        : 'Your account is paid in full. Thank you.';
  const questions = `Questions about this statement? Call ${company.phone.display} or write to ${company.supportEmail}.`;
  const width = CONTENT_WIDTH - 32;
  const boxHeight = heightOf(doc, how, width, FONT, 10, 1.5) + heightOf(doc, questions, width, FONT, 8.5) + 48;
  y = keepTogether(y, headingHeight() + totalsHeight(totals) + 24 + boxHeight, newPage);
  y = heading(doc, 'Balance', y);
  y = totalsBlock(doc, y, totals, { width: 300 }) + 24;
  doc.roundedRect(MARGIN.left, y, CONTENT_WIDTH, boxHeight, 6).fill(color.panel);
  doc.rect(MARGIN.left, y, 3, boxHeight).fill(color.brand700);
  text(doc, 'HOW TO PAY', MARGIN.left + 18, y + 12, { font: BOLD, size: 7.5, ink: color.brand700 });
  const below = text(doc, how, MARGIN.left + 18, y + 26, { size: 10, ink: color.body, width, lineGap: 1.5 });
  text(doc, questions, MARGIN.left + 18, below + 8, { size: 8.5, ink: color.muted, width });
  return y + boxHeight + 20;
}

export async function renderStatementPdf(statement: Statement, appUrl: string): Promise<Buffer> {
  return renderBillingPdf(
    {
      title: `Statement of account · ${statement.account.customerName} · ${short(statement.asOf)}`,
      subject: `${company.name}: what is owed and paid as of ${short(statement.asOf)}`,
      footer: `${company.name} · Statement of account · ${statement.account.customerName} · ${short(statement.asOf)}`,
    },
    (doc, newPage) => {
      let y = header(doc, statement, appUrl);
      y = agingTable(doc, statement, y, newPage);
      y = openInvoices(doc, statement, y, newPage);
      y = recentPayments(doc, statement, y, newPage);
      balance(doc, statement, y, newPage);
    },
  );
}
