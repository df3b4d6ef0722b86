import type { Invoice, InvoiceLine, InvoiceSection } from '../../src/shared/api/invoices';

/**
 * An invoice as getInvoice answers it, built in memory for tests of what is drawn or sent from one
 * (PDFs, e-mails): October 2026, net 30, sent Nov 2 and due Dec 2, one section per property name
 * with one $85.00 visit line each. Pass what the test is about.
 */
export function invoiceView(overrides: Partial<Invoice> & { properties?: string[] } = {}): Invoice {
  const { properties = ['Southridge Commons'], ...rest } = overrides;
  const sections = properties.map((propertyName, index): InvoiceSection => ({
    propertyId: `property-${index + 1}`,
    propertyName,
    address: '5300 S 76th St, Greendale',
    poNumber: null,
    lines: [visitLine(`line-${index + 1}`, '2026-10-05')],
    subtotalCents: 8_500,
    discountCents: 0,
    taxCents: 0,
    totalCents: 8_500,
  }));
  const totalCents = sections.length * 8_500;
  return {
    id: 'invoice-1',
    number: '2026-00042',
    status: 'open',
    customerId: 'customer-1',
    customerName: 'Harbor Retail Group',
    propertyName: null,
    creditNotes: [],
    periodStart: '2026-10-01',
    periodEnd: '2026-10-31',
    issuedOn: '2026-11-02',
    dueOn: '2026-12-02',
    totalCents,
    amountDueCents: totalCents,
    lineCount: sections.length,
    paymentTerms: 'net_30',
    customerEmail: 'ap@harborretail.example',
    billingAddress: '700 N Water St\nMilwaukee, WI 53202',
    subtotalCents: totalCents,
    discountCents: 0,
    taxCents: 0,
    paidCents: 0,
    lateFeeCents: 0,
    lateFeeChargedOn: null,
    sentAt: '2026-11-02T15:00:00.000Z',
    voidReason: null,
    sections,
    ...rest,
  };
}

/** A verified $85.00 visit line. */
export const visitLine = (id: string, serviceDate: string): InvoiceLine => ({
  id,
  kind: 'visit',
  description: 'Parking Lot Cleaning',
  serviceDate,
  visitId: null,
  verified: true,
  quantityMilli: 1000,
  unitPriceCents: 8500,
  amountCents: 8500,
  discountCents: 0,
  taxCents: 0,
  note: null,
  removal: null,
});
