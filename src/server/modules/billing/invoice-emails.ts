import type { Invoice } from '../../../shared/api/invoices';
import { company } from '../../../shared/company';
import { mediumDateText } from '../../../shared/date-formats';
import { PAYMENT_TERMS_LABELS } from '../../../shared/invoices';
import { formatCents } from '../../../shared/money';
import { emailButtonHtml, type EmailMessage, emailPageStart, escapeHtml, fieldTableHtml } from '../mail';
import { periodText, remitToText } from './invoice-pdf';

export interface InvoiceEmailDetails {
  to: string;
  /** The billing contact's or portal user's name, when known. */
  name: string | null;
  invoice: Invoice;
  /** Whether the billing settings give ACH details (printed on the PDF). */
  acceptsAch: boolean;
  /** The portal, `${appUrl}/customer-dashboard`: the visits behind each line, their photos and checklists. */
  portalUrl: string;
  /** The invoice's PDF, attached. */
  pdf: { filename: string; data: Buffer };
}

/**
 * The e-mail that sends an approved invoice to a customer's billing contact: the number, the
 * period and properties, the amount and due date, how to pay, the PDF attached and a link to the
 * portal where each billed visit's photos and checklist are. It carries no sign-in link, so its
 * words may stay in the outbox.
 */
export function invoiceEmail(details: InvoiceEmailDetails): EmailMessage {
  const { invoice } = details;
  const number = invoice.number ?? '';
  const period = periodText(invoice);
  const places = invoice.sections.map((section) => section.propertyName);
  const greeting = details.name?.trim() ? `Hello ${details.name.trim()},` : 'Hello,';
  const intro = `${greeting} here is invoice ${number} for the lot care at ${places.length === 1 ? places[0] : `your ${places.length} properties`} in ${period}. The PDF is attached, with every visit we billed, its date and whether the crew's check-in was verified on site.`;
  const due = invoice.dueOn ? mediumDateText(invoice.dueOn) : '';
  const fields: Array<[string, string]> = [
    ['Invoice', `No. ${number}`],
    ['Billed to', invoice.customerName],
    [places.length === 1 ? 'Property' : 'Properties', places.join('\n')],
    ['Period', period],
    ['Amount due', formatCents(invoice.amountDueCents)],
    ['Due date', `${due} (${PAYMENT_TERMS_LABELS[invoice.paymentTerms].toLowerCase()})`],
  ];
  const how = `To pay, send a check payable to ${company.name} to ${remitToText()}${details.acceptsAch ? ', or pay by ACH with the bank details on the invoice' : ''}. Please mention invoice ${number} with your payment.`;
  const portal = `In the customer portal you can open each visit on this invoice and see its photos and checklist.`;
  const questions = `Questions about this invoice? Reply to this e-mail or call ${company.phone.display}.`;
  const text = [
    intro,
    '',
    ...fields.map(([label, value]) => `${label}: ${value.replace(/\n/g, ', ')}`),
    '',
    how,
    '',
    portal,
    `Open the portal: ${details.portalUrl}`,
    '',
    questions,
    '',
    company.name,
  ].join('\n');
  const paragraph = (words: string) => `<p style="margin:16px 0 0;font-size:15px;line-height:22px">${escapeHtml(words)}</p>`;
  const html = `${emailPageStart}
<h1 style="margin:0 0 16px;font-size:22px">Invoice ${escapeHtml(number)} from ${escapeHtml(company.name)}</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:24px">${escapeHtml(intro)}</p>
${fieldTableHtml(fields)}
${paragraph(how)}
${paragraph(portal)}
${emailButtonHtml('See the visits in the portal', details.portalUrl)}
<p style="margin:24px 0 0;font-size:13px;color:#475569">${escapeHtml(questions)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return {
    to: details.to,
    subject: `Invoice ${number} from ${company.name} for ${period}`,
    text,
    html,
    replyTo: company.supportEmail,
    attachments: [{ filename: details.pdf.filename, contentType: 'application/pdf', data: details.pdf.data }],
  };
}
