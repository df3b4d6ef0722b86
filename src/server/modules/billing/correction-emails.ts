import type { CreditNote, Invoice } from '../../../shared/api/invoices';
import { mediumDateText } from '../../../shared/date-formats';
import { formatCents } from '../../../shared/money';
import type { EmailMessage } from '../mail';
import { periodText } from './invoice-pdf';
import { billingNoticeEmail, withPdf } from './payment-emails';

interface Attached {
  to: string;
  name: string | null;
  invoice: Invoice;
  /** The invoice's page in the portal. */
  portalUrl: string;
  pdf: { filename: string; data: Buffer };
}

/** The e-mail telling a customer an invoice is void: which one, why, and that nothing is owed on it. */
export function voidedInvoiceEmail(details: Attached): EmailMessage {
  const { invoice } = details;
  const number = invoice.number ?? '';
  return withPdf(
    billingNoticeEmail({
      to: details.to,
      name: details.name,
      subject: `Invoice ${number} is void: nothing is owed on it`,
      heading: `Invoice ${number} is void`,
      intro: `we have voided invoice ${number} for ${periodText(invoice)}. Please do not pay it; if you have scheduled a payment for it, you can cancel that payment.`,
      fields: [
        ['Invoice', `No. ${number}`],
        ['Period', periodText(invoice)],
        ['Amount it asked for', formatCents(invoice.totalCents)],
        ['Why it is void', invoice.voidReason ?? ''],
      ],
      paragraphs: [
        'The void invoice is attached for your records. Where a corrected invoice is due, it follows in a separate e-mail with its own number.',
      ],
      button: { label: 'See your invoices in the portal', url: details.portalUrl },
    }),
    details.pdf,
  );
}

/** The e-mail that sends a credit note: what it takes off which invoice, why, and what the invoice asks for now. */
export function creditNoteEmail(details: Attached & { creditNote: CreditNote }): EmailMessage {
  const { invoice, creditNote } = details;
  const number = invoice.number ?? '';
  const fields: Array<[string, string]> = [
    ['Credit note', `No. ${creditNote.number}`],
    ['For invoice', `No. ${number} (${periodText(invoice)})`],
    ['Amount credited', formatCents(creditNote.amountCents)],
    ['Reason', creditNote.reason],
    ['Invoice now asks for', formatCents(invoice.amountDueCents)],
  ];
  if (invoice.amountDueCents > 0 && invoice.dueOn) fields.push(['Due date', mediumDateText(invoice.dueOn)]);
  return withPdf(
    billingNoticeEmail({
      to: details.to,
      name: details.name,
      subject: `Credit note ${creditNote.number}: ${formatCents(creditNote.amountCents)} off invoice ${number}`,
      heading: `Credit note ${creditNote.number}`,
      intro: `we have issued a credit note of ${formatCents(creditNote.amountCents)} against invoice ${number}. The credit note is attached.`,
      fields,
      paragraphs: [
        invoice.amountDueCents > 0
          ? `Please pay the remaining ${formatCents(invoice.amountDueCents)} on invoice ${number}, not its original total.`
          : `Invoice ${number} is now settled: nothing more is owed on it.`,
      ],
      button: { label: 'See the invoice in the portal', url: details.portalUrl },
    }),
    details.pdf,
  );
}
