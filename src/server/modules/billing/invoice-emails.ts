import type { Invoice } from '../../../shared/api/invoices';
import { company } from '../../../shared/company';
import { mediumDateText } from '../../../shared/date-formats';
import { PAYMENT_TERMS_LABELS } from '../../../shared/invoices';
import { formatCents } from '../../../shared/money';
import type { EmailMessage } from '../mail';
import { periodText, remitToText } from './invoice-pdf';
import { billingNoticeEmail, withPdf } from './payment-emails';

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
 * portal where each billed visit's photos and checklist are. It is laid out as every billing
 * e-mail is (billingNoticeEmail). It carries no sign-in link, so its words may stay in the outbox.
 */
export function invoiceEmail(details: InvoiceEmailDetails): EmailMessage {
  const { invoice } = details;
  const number = invoice.number ?? '';
  const period = periodText(invoice);
  const places = invoice.sections.map((section) => section.propertyName);
  const due = invoice.dueOn ? mediumDateText(invoice.dueOn) : '';
  return withPdf(
    billingNoticeEmail({
      to: details.to,
      name: details.name,
      subject: `Invoice ${number} from ${company.name} for ${period}`,
      heading: `Invoice ${number} from ${company.name}`,
      intro: `here is invoice ${number} for the lot care at ${places.length === 1 ? places[0] : `your ${places.length} properties`} in ${period}. The PDF is attached, with every visit we billed, its date and whether the crew's check-in was verified on site.`,
      fields: [
        ['Invoice', `No. ${number}`],
        ['Billed to', invoice.customerName],
        [places.length === 1 ? 'Property' : 'Properties', places.join('\n')],
        ['Period', period],
        ['Amount due', formatCents(invoice.amountDueCents)],
        ['Due date', `${due} (${PAYMENT_TERMS_LABELS[invoice.paymentTerms].toLowerCase()})`],
      ],
      paragraphs: [
        `To pay, send a check payable to ${company.name} to ${remitToText()}${details.acceptsAch ? ', or pay by ACH with the bank details on the invoice' : ''}. Please mention invoice ${number} with your payment.`,
        'In the customer portal you can open each visit on this invoice and see its photos and checklist.',
      ],
      button: { label: 'Open the portal', url: details.portalUrl },
    }),
    details.pdf,
  );
}
