import { describe, expect, it } from 'vitest';
import { invoiceSettingsFormSchema, paymentFormSchema, paymentInputSchema } from './payments';

const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('the Record a payment form', () => {
  const typed = { method: 'check', reference: '20417', receivedOn: '2026-11-20', amount: '1,894.50', apply: {}, note: '' } as const;

  it('turns dollars into cents, and blank invoices into "oldest first"', () => {
    expect(paymentFormSchema.parse(typed)).toEqual({
      method: 'check',
      reference: '20417',
      receivedOn: '2026-11-20',
      amountCents: 189_450,
      note: '',
    });
    expect(paymentFormSchema.parse({ ...typed, apply: { a: '1844.50', b: '', c: '0' } })).toMatchObject({
      allocations: [{ invoiceId: 'a', amountCents: 184_450 }],
    });
  });

  it('asks for a check’s number, an amount, and no more applied than paid', () => {
    expect(issues(paymentFormSchema.safeParse({ ...typed, reference: ' ' }))).toEqual({ reference: 'Enter the check’s number' });
    expect(issues(paymentFormSchema.safeParse({ ...typed, method: 'ach', reference: '' }))).toEqual({});
    expect(issues(paymentFormSchema.safeParse({ ...typed, amount: '0' }))).toEqual({
      amount: 'Enter an amount from $0.01 to $1,000,000.00',
    });
    expect(issues(paymentFormSchema.safeParse({ ...typed, amount: '12.345' }))).toEqual({
      amount: 'Enter at most 2 digits after the decimal point',
    });
    expect(issues(paymentFormSchema.safeParse({ ...typed, amount: '100', apply: { a: '60', b: '41' } }))).toEqual({
      amount: 'The amounts applied to invoices add up to more than the payment',
    });
    expect(issues(paymentFormSchema.safeParse({ ...typed, apply: { a: 'ten' } }))).toEqual({
      'apply.a': 'Enter an amount in dollars, such as 1,234.50',
    });
  });

  it('gives what the API checks again', () => {
    const body = {
      ...paymentFormSchema.parse(typed),
      customerId: '5b7c9d1e-2f3a-4b5c-8d6e-7f8091a2b3c4',
      idempotencyKey: 'form-1234-abcd',
    };
    expect(paymentInputSchema.safeParse(body).success).toBe(true);
  });
});

describe('the invoice settings form', () => {
  const typed = {
    achInstructions: ' Associated Bank ',
    creditCompanySkips: true,
    reminderDaysBefore: '3',
    reminderDaysAfter: '30, 7 14',
    lateFeeKind: 'flat',
    lateFeeFlat: '25',
    lateFeePercent: '',
    lateFeeGraceDays: '10',
  } as const;

  it('reads days as lists and the fee in dollars or percent', () => {
    expect(invoiceSettingsFormSchema.parse(typed)).toEqual({
      achInstructions: 'Associated Bank',
      creditCompanySkips: true,
      reminderDaysBefore: 3,
      reminderDaysAfter: [7, 14, 30],
      lateFee: { kind: 'flat', flatCents: 2500, percentBp: 0, graceDays: 10 },
    });
    expect(
      invoiceSettingsFormSchema.parse({
        ...typed,
        reminderDaysBefore: '',
        reminderDaysAfter: '',
        lateFeeKind: 'percent',
        lateFeePercent: '1.5',
      }),
    ).toMatchObject({
      reminderDaysBefore: null,
      reminderDaysAfter: [],
      lateFee: { kind: 'percent', flatCents: 0, percentBp: 150 },
    });
  });

  it('names the field that makes no sense', () => {
    expect(issues(invoiceSettingsFormSchema.safeParse({ ...typed, reminderDaysAfter: '7, two weeks' }))).toEqual({
      reminderDaysAfter: 'List days after the due date as numbers, such as 7, 14, 30',
    });
    expect(issues(invoiceSettingsFormSchema.safeParse({ ...typed, lateFeeFlat: '5000' }))).toEqual({
      lateFeeFlat: 'Enter a fee from $0.01 to $1,000.00',
    });
    expect(issues(invoiceSettingsFormSchema.safeParse({ ...typed, lateFeeKind: 'percent', lateFeePercent: '40' }))).toEqual({
      lateFeePercent: 'Enter a percentage from 0.01% to 25%',
    });
    expect(issues(invoiceSettingsFormSchema.safeParse({ ...typed, reminderDaysBefore: '90' }))).toEqual({
      reminderDaysBefore: 'Enter days before the due date from 1 to 60, or leave it blank for none',
    });
  });
});
