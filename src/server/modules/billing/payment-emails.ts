import type { Payment } from '../../../shared/api/payments';
import { company } from '../../../shared/company';
import { mediumDateText } from '../../../shared/date-formats';
import { PAYMENT_METHOD_LABELS } from '../../../shared/invoices';
import { formatCents } from '../../../shared/money';
import { emailButtonHtml, type EmailMessage, emailPageStart, escapeHtml, fieldTableHtml } from '../mail';

/** A short billing e-mail to a customer's billing contact: a heading, a greeting, labelled figures, paragraphs and one link. */
interface BillingNotice {
  to: string;
  name: string | null;
  subject: string;
  heading: string;
  /** After "Hello …,". */
  intro: string;
  fields: Array<[string, string]>;
  paragraphs: string[];
  button: { label: string; url: string };
}

export function billingNoticeEmail(notice: BillingNotice): EmailMessage {
  const greeting = notice.name?.trim() ? `Hello ${notice.name.trim()},` : 'Hello,';
  const intro = `${greeting} ${notice.intro}`;
  const questions = `Questions? Reply to this e-mail or call ${company.phone.display}.`;
  const text = [
    intro,
    '',
    ...notice.fields.map(([label, value]) => `${label}: ${value.replace(/\n/g, ', ')}`),
    '',
    ...notice.paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${notice.button.label}: ${notice.button.url}`,
    '',
    questions,
    '',
    company.name,
  ].join('\n');
  const paragraph = (words: string) => `<p style="margin:16px 0 0;font-size:15px;line-height:22px">${escapeHtml(words)}</p>`;
  const html = `${emailPageStart}
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(notice.heading)}</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:24px">${escapeHtml(intro)}</p>
${fieldTableHtml(notice.fields)}
${notice.paragraphs.map(paragraph).join('\n')}
${emailButtonHtml(notice.button.label, notice.button.url)}
<p style="margin:24px 0 0;font-size:13px;color:#475569">${escapeHtml(questions)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { to: notice.to, subject: notice.subject, text, html, replyTo: company.supportEmail };
}

/** A billing e-mail with its document (an invoice, a credit note) attached as a PDF. */
export const withPdf = (message: EmailMessage, pdf: { filename: string; data: Buffer }): EmailMessage => ({
  ...message,
  attachments: [{ filename: pdf.filename, contentType: 'application/pdf', data: pdf.data }],
});

export interface ReceiptDetails {
  to: string;
  name: string | null;
  payment: Payment;
  /** The customer's invoices still owed on after it, with what each asks for. */
  stillOpen: Array<{ number: string | null; dueCents: number }>;
  /** The credit on the account after it. */
  creditCents: number;
  portalUrl: string;
}

/** The receipt for a payment recorded by the office: how much, how, for which invoices, and what is still owed. */
export function paymentReceiptEmail(details: ReceiptDetails): EmailMessage {
  const { payment } = details;
  const how = `${PAYMENT_METHOD_LABELS[payment.method]}${payment.reference ? ` ${payment.method === 'check' ? 'no. ' : ''}${payment.reference}` : ''}`;
  const fields: Array<[string, string]> = [
    ['Amount received', formatCents(payment.amountCents)],
    ['Received on', mediumDateText(payment.receivedOn)],
    ['Paid by', how],
    ['From', payment.customerName],
  ];
  if (payment.allocations.length)
    fields.push([
      'Applied to',
      payment.allocations.map((allocation) => `Invoice ${allocation.number ?? ''}: ${formatCents(allocation.amountCents)}`).join('\n'),
    ]);
  if (details.creditCents > 0) fields.push(['Credit on your account', formatCents(details.creditCents)]);
  const owed = details.stillOpen.reduce((sum, invoice) => sum + invoice.dueCents, 0);
  const paragraphs = [
    owed > 0
      ? `Still open on your account: ${formatCents(owed)} on ${details.stillOpen.length === 1 ? `invoice ${details.stillOpen[0]!.number ?? ''}` : `${details.stillOpen.length} invoices`}.`
      : 'Your account is paid in full. Thank you.',
  ];
  if (details.creditCents > 0) paragraphs.push('The credit on your account goes toward your next invoice.');
  return billingNoticeEmail({
    to: details.to,
    name: details.name,
    subject: `Payment received: ${formatCents(payment.amountCents)}, thank you`,
    heading: `Thank you for your payment of ${formatCents(payment.amountCents)}`,
    intro: `we received your payment to ${company.name}. This is your receipt.`,
    fields,
    paragraphs,
    button: { label: 'See your invoices in the portal', url: details.portalUrl },
  });
}
