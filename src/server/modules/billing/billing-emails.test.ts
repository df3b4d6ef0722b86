import { describe, expect, it } from 'vitest';
import { company } from '../../../shared/company';
import type { EmailMessage } from '../mail';
import { reminderEmail } from './collections';
import { creditNoteEmail, voidedInvoiceEmail } from './correction-emails';
import { invoiceEmail } from './invoice-emails';
import { paymentReceiptEmail } from './payment-emails';
import { invoiceView } from '#test/invoice-views';

const portalUrl = 'https://lakeshorelotcare.com/customer-dashboard';
const pdf = { filename: 'Invoice-2026-00042-Harbor-Retail-Group.pdf', data: Buffer.from('%PDF-1.7 test') };

const invoice = invoiceView({ properties: ['Southridge Commons', 'Bayshore Town Center'] });

const sent = invoiceEmail({ to: 'ap@harborretail.example', name: 'Renee Okafor', invoice, acceptsAch: true, portalUrl, pdf });

/** Every billing e-mail a customer's billing contact receives. */
const BILLING_EMAILS: Array<[string, EmailMessage]> = [
  ['invoice', sent],
  [
    'reminder',
    reminderEmail({
      to: 'ap@harborretail.example',
      name: 'Renee Okafor',
      offset: 7,
      number: invoice.number,
      customerName: invoice.customerName,
      dueOn: '2026-12-02',
      dueCents: 17_000,
      invoiceUrl: `${portalUrl}/invoices/invoice-1`,
      acceptsAch: false,
    }),
  ],
  [
    'void',
    voidedInvoiceEmail({
      to: 'ap@harborretail.example',
      name: 'Renee Okafor',
      invoice: { ...invoice, voidReason: 'Wrong rate' },
      portalUrl,
      pdf,
    }),
  ],
  [
    'credit note',
    creditNoteEmail({
      to: 'ap@harborretail.example',
      name: 'Renee Okafor',
      invoice,
      portalUrl,
      pdf,
      creditNote: {
        id: 'credit-1',
        invoiceId: 'invoice-1',
        number: 'CN-2026-00001',
        amountCents: 8_500,
        taxCents: 0,
        reason: 'Sweep cut short',
        issuedOn: '2026-11-20',
      },
    }),
  ],
  [
    'receipt',
    paymentReceiptEmail({
      to: 'ap@harborretail.example',
      name: 'Renee Okafor',
      payment: {
        id: 'payment-1',
        customerId: 'customer-1',
        customerName: 'Harbor Retail Group',
        method: 'check',
        reference: '10452',
        amountCents: 17_000,
        receivedOn: '2026-11-20',
        note: '',
        unappliedCents: 0,
        deleted: false,
        createdAt: '2026-11-20T15:00:00.000Z',
        allocations: [{ invoiceId: 'invoice-1', number: '2026-00042', amountCents: 17_000 }],
      },
      stillOpen: [],
      creditCents: 0,
      portalUrl,
    }),
  ],
];

/** The shape of the shared layout with the words taken out: the same for every billing e-mail. */
const skeleton = (html: string) =>
  html
    .replace(/>[^<]*</g, '><')
    .replace(/href="[^"]*"/g, 'href=""')
    .replace(/<tr>.*?<\/tr>/gs, '<tr></tr>')
    .replace(/(<tr><\/tr>\s*)+/g, '<tr></tr>')
    .replace(/(<p style="margin:16px 0 0;[^"]*"><\/p>\s*)+/g, '<p></p>');

describe('billing e-mails', () => {
  it('all share one layout: greeting, figures, paragraphs, one button, the same questions line and signature', () => {
    const reference = skeleton(BILLING_EMAILS[1]![1].html!);
    for (const [name, message] of BILLING_EMAILS) {
      expect(skeleton(message.html!), name).toBe(reference);
      expect(message.text, name).toMatch(/^Hello Renee Okafor, /);
      expect(message.text.endsWith(`\n\nQuestions? Reply to this e-mail or call ${company.phone.display}.\n\n${company.name}`), name).toBe(
        true,
      );
      expect(message.replyTo, name).toBe(company.supportEmail);
    }
  });

  it('sends the invoice with its words, figures, portal link and PDF attached', () => {
    expect(sent.subject).toBe('Invoice 2026-00042 from Lakeshore Lot Care for October 2026');
    expect(sent.text).toContain('Hello Renee Okafor, here is invoice 2026-00042 for the lot care at your 2 properties in October 2026.');
    expect(sent.text).toContain('Amount due: $170.00');
    expect(sent.text).toContain('Due date: Dec 2, 2026 (net 30)');
    expect(sent.text).toContain('Properties: Southridge Commons, Bayshore Town Center');
    expect(sent.text).toContain('or pay by ACH with the bank details on the invoice');
    expect(sent.text).toContain(`Open the portal: ${portalUrl}`);
    expect(sent.html).toContain('<h1 style="margin:0 0 16px;font-size:22px">Invoice 2026-00042 from Lakeshore Lot Care</h1>');
    expect(sent.html).toContain(`href="${portalUrl}"`);
    expect(sent.attachments).toEqual([{ filename: pdf.filename, contentType: 'application/pdf', data: pdf.data }]);
  });
});
