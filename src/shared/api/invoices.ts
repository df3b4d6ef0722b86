import { z } from 'zod/mini';
import { TAX_CLASSES } from '../estimate-totals';
import { INVOICE_LINE_KINDS, PAYMENT_TERMS } from '../invoices';
import { parseDollars } from '../money';
import { required } from '../staff-schemas';
import { notAnObject } from './common';

/**
 * Invoices in the console (issue 25): preparing a month's invoices, reviewing the drafts (adding or
 * removing a line, with a reason), and approving them. Money is integer cents.
 */

/** How an invoice shows: a draft; once sent, open, partly paid, paid or overdue by its payments and due date; or void. */
export const INVOICE_STATUSES = ['draft', 'open', 'partly_paid', 'paid', 'overdue', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

export const MONTH_MESSAGE = 'Choose a month, such as 2026-10';

/** POST /api/admin/billing-runs: a month's invoices prepared now (a past month, or this month to date). */
export const billingRunInputSchema = z.object(
  { month: z.string({ error: MONTH_MESSAGE }).check(z.trim(), z.regex(/^20\d\d-(0[1-9]|1[0-2])$/, MONTH_MESSAGE)) },
  notAnObject,
);
export type BillingRunInput = z.output<typeof billingRunInputSchema>;

export const billingRunResultSchema = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  created: z.number(),
  updated: z.number(),
  alreadySent: z.number(),
});
export type BillingRunResultBody = z.output<typeof billingRunResultSchema>;

/** GET /api/admin/invoices: an invoice in the list. */
export const invoiceSummarySchema = z.object({
  id: z.string(),
  number: z.nullable(z.string()),
  status: z.enum(INVOICE_STATUSES),
  customerId: z.string(),
  customerName: z.string(),
  /** For a customer billed per property. */
  propertyName: z.nullable(z.string()),
  periodStart: z.string(),
  periodEnd: z.string(),
  issuedOn: z.nullable(z.string()),
  dueOn: z.nullable(z.string()),
  totalCents: z.number(),
  amountDueCents: z.number(),
  lineCount: z.number(),
});
export type InvoiceSummary = z.output<typeof invoiceSummarySchema>;

/** The receivables screen's aging buckets: not yet due, then days past due. */
export const AGING_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const invoiceListQuerySchema = z.object({
  status: z.optional(z.enum(INVOICE_STATUSES, { error: `status must be one of ${INVOICE_STATUSES.join(', ')}` })),
  month: z.optional(z.string().check(z.regex(/^20\d\d-(0[1-9]|1[0-2])$/, MONTH_MESSAGE))),
  customerId: z.optional(z.uuid('customerId must be a customer’s id')),
  /** Invoices still owed on, by days past due (the receivables screen's links). */
  aging: z.optional(z.enum(AGING_BUCKETS, { error: `aging must be one of ${AGING_BUCKETS.join(', ')}` })),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;

export const invoiceLineSchema = z.object({
  id: z.string(),
  kind: z.enum(INVOICE_LINE_KINDS),
  description: z.string(),
  serviceDate: z.string(),
  /** The visit it bills or credits: its record, photos and checklist in the portal. */
  visitId: z.nullable(z.string()),
  verified: z.boolean(),
  quantityMilli: z.number(),
  unitPriceCents: z.number(),
  amountCents: z.number(),
  discountCents: z.number(),
  taxCents: z.number(),
  /** Staff's reason for a line added by hand. */
  note: z.nullable(z.string()),
  removal: z.nullable(z.object({ at: z.string(), reason: z.string() })),
});
export type InvoiceLine = z.output<typeof invoiceLineSchema>;

/** An invoice's section: one property with its PO number and lines. */
export const invoiceSectionSchema = z.object({
  propertyId: z.string(),
  propertyName: z.string(),
  address: z.string(),
  poNumber: z.nullable(z.string()),
  lines: z.array(invoiceLineSchema),
  /** Its lines' figures, removed lines left out. */
  subtotalCents: z.number(),
  discountCents: z.number(),
  taxCents: z.number(),
  totalCents: z.number(),
});
export type InvoiceSection = z.output<typeof invoiceSectionSchema>;

/** A credit note: its number (`CN-2026-00001`), what it takes off the invoice (tax included) and why. */
export const creditNoteSchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  number: z.string(),
  amountCents: z.number(),
  /** The tax part of the amount, in the invoice's proportion. */
  taxCents: z.number(),
  reason: z.string(),
  issuedOn: z.string(),
});
export type CreditNote = z.output<typeof creditNoteSchema>;

/** GET /api/admin/invoices/{id}. */
export const invoiceSchema = z.extend(invoiceSummarySchema, {
  paymentTerms: z.enum(PAYMENT_TERMS),
  customerEmail: z.string(),
  billingAddress: z.nullable(z.string()),
  subtotalCents: z.number(),
  discountCents: z.number(),
  taxCents: z.number(),
  /** Paid (by payments not deleted) and credited (by credit notes). */
  paidCents: z.number(),
  /** A late fee charged on it and not waived. */
  lateFeeCents: z.number(),
  /** The day that late fee was charged (YYYY-MM-DD), or null when none counts. */
  lateFeeChargedOn: z.nullable(z.string()),
  sentAt: z.nullable(z.string()),
  voidReason: z.nullable(z.string()),
  sections: z.array(invoiceSectionSchema),
  /** The credit notes that correct it, oldest first. */
  creditNotes: z.array(creditNoteSchema),
});
export type Invoice = z.output<typeof invoiceSchema>;

const reason = required('The reason', 500);
const AMOUNT_RANGE = 'Enter an amount from -$1,000,000.00 to $1,000,000.00';

/** POST /api/admin/invoices/{id}/lines: a line added by hand to a draft (a credit is negative), with the reason for the audit log. */
export const invoiceAdjustmentSchema = z.object(
  {
    propertyId: z.string({ error: 'Choose the property' }).check(z.uuid('Choose the property')),
    description: required('The description', 200),
    amountCents: z.int({ error: 'Enter the amount in cents' }).check(
      z.gte(-100_000_000, AMOUNT_RANGE),
      z.lte(100_000_000, AMOUNT_RANGE),
      z.refine((cents) => cents !== 0, 'Enter an amount other than $0.00'),
    ),
    taxClass: z.enum(TAX_CLASSES, { error: 'Choose whether the line is taxable or not taxed' }),
    reason,
  },
  notAnObject,
);
export type InvoiceAdjustment = z.output<typeof invoiceAdjustmentSchema>;

/**
 * "Add a line" as staff type it in the console: the amount in dollars (a credit with a minus sign,
 * "-45.00"), read into cents by parseDollars, then checked as the route checks it.
 */
export const invoiceAdjustmentFormSchema = z.pipe(
  z.object({
    propertyId: z.string(),
    description: z.string(),
    amount: z.string(),
    taxClass: z.string(),
    reason: z.string(),
  }),
  z.transform((form, context) => {
    const parsed = parseDollars(form.amount, { allowNegative: true });
    if (!parsed.ok) context.issues.push({ code: 'custom', message: parsed.message, input: form.amount, path: ['amount'] });
    else if (Math.abs(parsed.cents) > 100_000_000)
      context.issues.push({ code: 'custom', message: AMOUNT_RANGE, input: form.amount, path: ['amount'] });
    else if (parsed.cents === 0)
      context.issues.push({ code: 'custom', message: 'Enter an amount other than $0.00', input: form.amount, path: ['amount'] });
    const checked = invoiceAdjustmentSchema.safeParse({
      propertyId: form.propertyId,
      description: form.description,
      amountCents: parsed.ok ? parsed.cents : 1,
      taxClass: form.taxClass,
      reason: form.reason,
    });
    if (!checked.success)
      for (const issue of checked.error.issues)
        if (issue.path[0] !== 'amountCents') context.issues.push({ code: 'custom', message: issue.message, input: form, path: issue.path });
    return checked.success ? checked.data : z.NEVER;
  }),
);
export type InvoiceAdjustmentFormValues = z.input<typeof invoiceAdjustmentFormSchema>;

/** DELETE /api/admin/invoices/{id}/lines/{lineId}: why the line comes off the draft. */
export const invoiceLineRemovalSchema = z.object({ reason }, notAnObject);

export const invoiceLineParamsSchema = z.object({ id: z.uuid(), lineId: z.uuid() });

/** POST /api/admin/invoices/approve: drafts to approve and send at once ("Approve and send all"). */
export const invoiceBulkApprovalSchema = z.object(
  {
    ids: z
      .array(z.uuid('Choose the invoices to approve'), { error: 'Choose the invoices to approve' })
      .check(z.minLength(1, 'Choose at least one invoice to approve'), z.maxLength(500, 'Approve at most 500 invoices at once')),
  },
  notAnObject,
);
export type InvoiceBulkApprovalInput = z.output<typeof invoiceBulkApprovalSchema>;

/** Which invoices went out (with their new numbers), which had gone out already, and which were refused and why. */
export const invoiceBulkApprovalResultSchema = z.object({
  sent: z.array(z.object({ id: z.string(), number: z.string() })),
  alreadySent: z.array(z.object({ id: z.string(), number: z.nullable(z.string()) })),
  refused: z.array(z.object({ id: z.string(), message: z.string() })),
});
export type InvoiceBulkApprovalResult = z.output<typeof invoiceBulkApprovalResultSchema>;

/** POST /api/admin/invoices/{id}/void: why a sent invoice is void (it keeps its number; the customer is told). */
export const invoiceVoidSchema = z.object({ reason }, notAnObject);

export const CREDIT_AMOUNT_MESSAGE = 'Enter the amount to credit, such as 45.00';

/**
 * POST /api/admin/invoices/{id}/credit-notes: a credit note correcting a sent invoice. The form
 * chooses its id, so a second press (or a retry) issues nothing more.
 */
export const creditNoteInputSchema = z.object(
  {
    id: z.uuid('Reload the page and try again'),
    amountCents: z
      .int({ error: CREDIT_AMOUNT_MESSAGE })
      .check(z.gt(0, CREDIT_AMOUNT_MESSAGE), z.lte(100_000_000, 'Enter an amount up to $1,000,000.00')),
    reason,
  },
  notAnObject,
);
export type CreditNoteInput = z.output<typeof creditNoteInputSchema>;

export const creditNoteIssuedSchema = z.object({ creditNote: creditNoteSchema, issued: z.boolean() });
