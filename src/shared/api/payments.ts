import { z } from 'zod/mini';
import { LATE_FEE_KINDS, PAYMENT_METHODS, PAYMENT_TERMS } from '../invoices';
import { dollarsInputSchema, parseDollars } from '../money';
import { parsePercent } from '../percent';
import { longText, optionalLine, requiredLine } from '../storable-text';
import { notAnObject } from './common';
import { AGING_BUCKETS, type AgingBucket, INVOICE_STATUSES } from './invoices';
import { localDate } from './plans';

/**
 * Payments and collections in the console (issue 25): a payment recorded against one or several
 * invoices (what is left over is a credit on the account), a customer's account, late fees and
 * the receivables screen. Money is integer cents.
 */

const AMOUNT_MESSAGE = 'Enter an amount from $0.01 to $1,000,000.00';
const amount = z.int({ error: AMOUNT_MESSAGE }).check(z.gte(1, AMOUNT_MESSAGE), z.lte(100_000_000, AMOUNT_MESSAGE));

export const CHECK_NUMBER_MESSAGE = 'Enter the check’s number';
export const ALLOCATION_TOO_MUCH = 'The amounts applied to invoices add up to more than the payment';
const KEY_MESSAGE = 'Send the form’s idempotency key: 8 to 100 letters, digits or dashes';

/** One invoice a payment goes to, and how much of it. */
export const paymentAllocationInputSchema = z.object(
  {
    invoiceId: z.uuid('Choose the invoice'),
    amountCents: amount,
  },
  notAnObject,
);

/**
 * POST /api/admin/payments ("Record a payment"). Without `allocations`, the payment pays the
 * customer's oldest open invoices first; what is left over is a credit on the account.
 */
export const paymentInputSchema = z
  .object(
    {
      customerId: z.uuid('Choose the customer'),
      method: z.enum(PAYMENT_METHODS, { error: 'Choose how it was paid: check, ACH, card or cash' }),
      /** The check's number, or the bank's or card processor's reference. */
      reference: optionalLine('The reference', 100),
      receivedOn: localDate('The date received', { whenEmpty: 'Choose the date the payment was received' }),
      amountCents: amount,
      allocations: z.optional(
        z
          .array(paymentAllocationInputSchema, { error: 'List the invoices it pays' })
          .check(z.maxLength(200, 'Apply a payment to at most 200 invoices')),
      ),
      note: z.optional(z.string().check(z.trim(), z.maxLength(500, 'The note must be at most 500 characters'))),
      /** Chosen by the form when it opens: a double press records the payment once. */
      idempotencyKey: z.string({ error: KEY_MESSAGE }).check(z.regex(/^[\w-]{8,100}$/, KEY_MESSAGE)),
    },
    notAnObject,
  )
  .check(
    z.refine((payment) => payment.method !== 'check' || Boolean(payment.reference?.trim()), {
      message: CHECK_NUMBER_MESSAGE,
      path: ['reference'],
    }),
    z.refine((payment) => (payment.allocations ?? []).reduce((sum, allocation) => sum + allocation.amountCents, 0) <= payment.amountCents, {
      message: ALLOCATION_TOO_MUCH,
      path: ['allocations'],
    }),
    z.refine(
      (payment) =>
        new Set((payment.allocations ?? []).map((allocation) => allocation.invoiceId)).size === (payment.allocations ?? []).length,
      {
        message: 'List each invoice once',
        path: ['allocations'],
      },
    ),
  );
export type PaymentInput = z.output<typeof paymentInputSchema>;

/** POST /api/admin/payments/{id}/delete: why a payment recorded by mistake comes off the books. */
export const paymentDeletionSchema = z.object({ reason: requiredLine('The reason', 500) }, notAnObject);

export const paymentSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.nullable(z.string()),
  receivedOn: z.string(),
  amountCents: z.number(),
  /** What went to invoices; the rest is a credit on the account. */
  allocations: z.array(z.object({ invoiceId: z.string(), number: z.nullable(z.string()), amountCents: z.number() })),
  unappliedCents: z.number(),
  note: z.string(),
  deleted: z.boolean(),
  createdAt: z.string(),
});
export type Payment = z.output<typeof paymentSchema>;

/** The answer to "Record a payment": the payment, and whether this press recorded it (false: it was recorded already). */
export const paymentRecordedSchema = z.object({ payment: paymentSchema, recorded: z.boolean() });

export const paymentListQuerySchema = z.object({
  customerId: z.optional(z.uuid('Choose a customer')),
});

/** An invoice on a customer's account, with what it still asks for. */
export const accountInvoiceSchema = z.object({
  id: z.string(),
  number: z.nullable(z.string()),
  status: z.enum(INVOICE_STATUSES),
  periodStart: z.string(),
  periodEnd: z.string(),
  issuedOn: z.nullable(z.string()),
  dueOn: z.nullable(z.string()),
  totalCents: z.number(),
  lateFee: z.nullable(z.object({ id: z.string(), amountCents: z.number(), appliedOn: z.string(), waived: z.boolean() })),
  amountDueCents: z.number(),
});
export type AccountInvoice = z.output<typeof accountInvoiceSchema>;

/** GET /api/admin/customers/{id}/account: what a customer owes, its open invoices, its payments and credit. */
export const customerAccountSchema = z.object({
  customerId: z.string(),
  customerName: z.string(),
  /** What the open invoices still ask for, less the credit on the account. */
  balanceCents: z.number(),
  owedCents: z.number(),
  /** Overpayments not applied to any invoice. */
  creditCents: z.number(),
  remindersPaused: z.boolean(),
  openInvoices: z.array(accountInvoiceSchema),
  payments: z.array(paymentSchema),
});
export type CustomerAccount = z.output<typeof customerAccountSchema>;

export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  '1-30': '1–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': 'Over 90 days',
};

/** GET /api/admin/receivables. */
export const receivablesSchema = z.object({
  asOf: z.string(),
  totalCents: z.number(),
  aging: z.array(z.object({ bucket: z.enum(AGING_BUCKETS), amountCents: z.number(), invoiceCount: z.number() })),
  /** Days sales outstanding over the last 90 days: what is owed over what was invoiced, times 90; null with nothing invoiced. */
  daysSalesOutstanding: z.nullable(z.number()),
  /** Invoiced (sent) in the last 90 days, for the DSO. */
  invoicedLast90Cents: z.number(),
  topCustomers: z.array(
    z.object({
      customerId: z.string(),
      customerName: z.string(),
      amountCents: z.number(),
      invoiceCount: z.number(),
      overdueCents: z.number(),
    }),
  ),
  creditCents: z.number(),
});
export type Receivables = z.output<typeof receivablesSchema>;

/** POST /api/admin/late-fees/{id}/waive. */
export const lateFeeWaiverSchema = z.object({ reason: optionalLine('The reason', 500) }, notAnObject);

const EMAIL_MESSAGE = 'Enter a valid e-mail address';

/** GET/PUT /api/admin/customers/{id}/billing: how a customer is billed. */
export const customerBillingInputSchema = z.object(
  {
    paymentTerms: z.enum(PAYMENT_TERMS, { error: 'Choose the payment terms' }),
    /** One invoice per property instead of one per customer with a section per property. */
    invoicePerProperty: z.boolean({ error: 'Say whether each property gets its own invoice' }),
    /** Where invoices are addressed; empty: the customer's address. */
    billingAddress: z.optional(z.nullable(longText('The billing address', 300))),
    remindersPaused: z.boolean({ error: 'Say whether reminders are paused' }),
    /** Who invoices, statements and reminders go to; none: the customer's portal users. */
    contacts: z
      .array(
        z.object(
          {
            email: z
              .string({ error: EMAIL_MESSAGE })
              .check(z.trim(), z.toLowerCase(), z.maxLength(254, EMAIL_MESSAGE), z.email(EMAIL_MESSAGE)),
            name: optionalLine('The name', 100),
          },
          notAnObject,
        ),
        { error: 'List the billing contacts' },
      )
      .check(
        z.maxLength(10, 'Add at most 10 billing contacts'),
        z.refine(
          (contacts) => new Set(contacts.map((contact) => contact.email.toLowerCase())).size === contacts.length,
          'List each e-mail address once',
        ),
      ),
  },
  notAnObject,
);
export type CustomerBillingInput = z.output<typeof customerBillingInputSchema>;

export const customerBillingSchema = z.object({
  customerId: z.string(),
  paymentTerms: z.enum(PAYMENT_TERMS),
  invoicePerProperty: z.boolean(),
  billingAddress: z.nullable(z.string()),
  remindersPaused: z.boolean(),
  contacts: z.array(z.object({ email: z.string(), name: z.nullable(z.string()) })),
  /** Who invoices go to today: the contacts, else the portal users, else the customer's e-mail. */
  recipients: z.array(z.object({ email: z.string(), name: z.nullable(z.string()) })),
});
export type CustomerBilling = z.output<typeof customerBillingSchema>;

const DAYS_AFTER_MESSAGE = 'Enter days after the due date from 1 to 365';
const dayCount = (message: string, min: number, max: number) => z.int({ error: message }).check(z.gte(min, message), z.lte(max, message));

/** GET/PUT /api/admin/invoice-settings: how invoices are paid, credited, reminded and charged late (owners change them). */
export const invoiceSettingsSchema = z.object(
  {
    /** How to pay by ACH, printed on every invoice; empty: checks only. */
    achInstructions: longText('The ACH instructions', 1000),
    /** A visit the company skipped (weather, a holiday) on a monthly line is credited. */
    creditCompanySkips: z.boolean({ error: 'Say whether visits the company skips are credited' }),
    /** The friendly reminder, days before the due date; null: none. */
    reminderDaysBefore: z.nullable(dayCount('Enter days before the due date from 1 to 60', 1, 60)),
    /** The overdue reminders, days after the due date; empty: none. */
    reminderDaysAfter: z.array(dayCount(DAYS_AFTER_MESSAGE, 1, 365), { error: DAYS_AFTER_MESSAGE }).check(
      z.maxLength(6, 'Send at most 6 overdue reminders'),
      z.refine((days) => new Set(days).size === days.length, 'List each day once'),
    ),
    lateFee: z
      .object(
        {
          kind: z.enum(LATE_FEE_KINDS, { error: 'Choose no late fee, a flat fee or a percentage' }),
          flatCents: z
            .int({ error: 'Enter the fee in cents' })
            .check(z.gte(0, 'Enter a fee from $0.00 to $1,000.00'), z.lte(100_000, 'Enter a fee from $0.00 to $1,000.00')),
          percentBp: z
            .int({ error: 'Enter the percentage in basis points' })
            .check(z.gte(0, 'Enter a percentage from 0% to 25%'), z.lte(2500, 'Enter a percentage from 0% to 25%')),
          graceDays: dayCount('Enter a grace period from 0 to 90 days', 0, 90),
        },
        notAnObject,
      )
      .check(
        z.refine((fee) => fee.kind !== 'flat' || fee.flatCents > 0, { message: 'Enter the flat fee', path: ['flatCents'] }),
        z.refine((fee) => fee.kind !== 'percent' || fee.percentBp > 0, { message: 'Enter the percentage', path: ['percentBp'] }),
      ),
  },
  notAnObject,
);
export type InvoiceSettingsBody = z.output<typeof invoiceSettingsSchema>;

/**
 * The console's "Record a payment" form, as people type it: the amount in dollars, and for each
 * open invoice what to apply to it (blank: nothing; all blank: the oldest invoices first). It
 * gives the API's fields but the customer and the form's key, which the form adds.
 */
export const paymentFormSchema = z.pipe(
  z.object({
    method: z.enum(PAYMENT_METHODS, { error: 'Choose how it was paid: check, ACH, card or cash' }),
    reference: z.string().check(z.trim(), z.maxLength(100, 'The reference must be at most 100 characters')),
    receivedOn: localDate('The date received', { whenEmpty: 'Choose the date the payment was received' }),
    amount: dollarsInputSchema,
    apply: z.record(z.string(), z.string()),
    note: z.string().check(z.trim(), z.maxLength(500, 'The note must be at most 500 characters')),
  }),
  z.transform((form, context) => {
    const allocations: Array<{ invoiceId: string; amountCents: number }> = [];
    for (const [invoiceId, typed] of Object.entries(form.apply)) {
      if (!typed.trim()) continue;
      const parsed = parseDollars(typed);
      if (!parsed.ok) context.issues.push({ code: 'custom', message: parsed.message, input: typed, path: ['apply', invoiceId] });
      else if (parsed.cents > 0) allocations.push({ invoiceId, amountCents: parsed.cents });
    }
    if (form.method === 'check' && !form.reference)
      context.issues.push({ code: 'custom', message: CHECK_NUMBER_MESSAGE, input: '', path: ['reference'] });
    if (form.amount === 0) context.issues.push({ code: 'custom', message: AMOUNT_MESSAGE, input: '', path: ['amount'] });
    if (allocations.reduce((sum, allocation) => sum + allocation.amountCents, 0) > form.amount)
      context.issues.push({ code: 'custom', message: ALLOCATION_TOO_MUCH, input: '', path: ['amount'] });
    return {
      method: form.method,
      reference: form.reference || null,
      receivedOn: form.receivedOn,
      amountCents: form.amount,
      ...(allocations.length ? { allocations } : {}),
      note: form.note,
    };
  }),
);
export type PaymentFormValues = z.input<typeof paymentFormSchema>;
export type PaymentFormOutput = z.output<typeof paymentFormSchema>;

const DAYS_LIST_MESSAGE = 'List days after the due date as numbers, such as 7, 14, 30';

/**
 * The invoice settings' form, as owners type them: the late fee in dollars or percent, the
 * overdue reminders as a list of days ("7, 14, 30"), the friendly reminder's days (blank: none).
 */
export const invoiceSettingsFormSchema = z.pipe(
  z.pipe(
    z.object({
      achInstructions: z.string(),
      creditCompanySkips: z.boolean(),
      reminderDaysBefore: z.string(),
      reminderDaysAfter: z.string(),
      lateFeeKind: z.enum(LATE_FEE_KINDS, { error: 'Choose no late fee, a flat fee or a percentage' }),
      lateFeeFlat: z.string(),
      lateFeePercent: z.string(),
      lateFeeGraceDays: z.string(),
    }),
    z.transform((form, context): InvoiceSettingsBody => {
      const issue = (path: string, message: string) => context.issues.push({ code: 'custom', message, input: form, path: [path] });
      if (form.achInstructions.trim().length > 1000) issue('achInstructions', 'The ACH instructions must be at most 1000 characters');
      const before = form.reminderDaysBefore.trim();
      const beforeDays = before ? Number(before) : null;
      if (beforeDays !== null && !(Number.isInteger(beforeDays) && beforeDays >= 1 && beforeDays <= 60))
        issue('reminderDaysBefore', 'Enter days before the due date from 1 to 60, or leave it blank for none');
      const after = form.reminderDaysAfter
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
      if (after.some((days) => !Number.isInteger(days) || days < 1 || days > 365)) issue('reminderDaysAfter', DAYS_LIST_MESSAGE);
      const flat = form.lateFeeKind === 'flat' ? parseDollars(form.lateFeeFlat) : { ok: true as const, cents: 0 };
      if (!flat.ok) issue('lateFeeFlat', flat.message);
      else if (form.lateFeeKind === 'flat' && (flat.cents < 1 || flat.cents > 100_000))
        issue('lateFeeFlat', 'Enter a fee from $0.01 to $1,000.00');
      const percent = form.lateFeeKind === 'percent' ? parsePercent(form.lateFeePercent) : { ok: true as const, bp: 0 };
      if (!percent.ok) issue('lateFeePercent', percent.message);
      else if (form.lateFeeKind === 'percent' && (percent.bp < 1 || percent.bp > 2500))
        issue('lateFeePercent', 'Enter a percentage from 0.01% to 25%');
      const grace = Number(form.lateFeeGraceDays.trim() || '0');
      if (!Number.isInteger(grace) || grace < 0 || grace > 90) issue('lateFeeGraceDays', 'Enter a grace period from 0 to 90 days');
      return {
        achInstructions: form.achInstructions.trim(),
        creditCompanySkips: form.creditCompanySkips,
        reminderDaysBefore: beforeDays,
        reminderDaysAfter: [...new Set(after)].sort((a, b) => a - b),
        lateFee: {
          kind: form.lateFeeKind,
          flatCents: flat.ok ? flat.cents : 0,
          percentBp: percent.ok ? percent.bp : 0,
          graceDays: Number.isInteger(grace) ? grace : 0,
        },
      };
    }),
  ),
  invoiceSettingsSchema,
);
export type InvoiceSettingsFormValues = z.input<typeof invoiceSettingsFormSchema>;
