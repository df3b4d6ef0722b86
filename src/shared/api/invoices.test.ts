import { describe, expect, it } from 'vitest';
import { invoiceAdjustmentFormSchema, invoiceAdjustmentSchema } from './invoices';

const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('the Add a line form', () => {
  const typed = {
    propertyId: '0b6f4f4e-7d0e-4d7b-9a51-2f0f4b1c9e11',
    description: 'Extra sweep after the Summerfest lot event',
    amount: '45',
    taxClass: 'exempt',
    reason: 'Asked for by phone; approved by Dana',
  };

  it('reads the amount in dollars into cents, a credit with a minus sign, and gives what the route checks', () => {
    const line = invoiceAdjustmentFormSchema.parse(typed);
    expect(line).toEqual({ ...typed, amount: undefined, amountCents: 4500 });
    expect(invoiceAdjustmentSchema.parse(line)).toEqual(line);
    expect(invoiceAdjustmentFormSchema.parse({ ...typed, amount: '-1,234.5' }).amountCents).toBe(-123_450);
  });

  it('asks for an amount other than zero, in cents, within the range, and a reason and a description', () => {
    expect(issues(invoiceAdjustmentFormSchema.safeParse({ ...typed, amount: '0' }))).toEqual({
      amount: 'Enter an amount other than $0.00',
    });
    expect(issues(invoiceAdjustmentFormSchema.safeParse({ ...typed, amount: '45.999' }))).toEqual({
      amount: 'Enter at most 2 digits after the decimal point',
    });
    expect(issues(invoiceAdjustmentFormSchema.safeParse({ ...typed, amount: '-1000000.01' }))).toEqual({
      amount: 'Enter an amount from -$1,000,000.00 to $1,000,000.00',
    });
    expect(issues(invoiceAdjustmentFormSchema.safeParse({ ...typed, amount: '', reason: ' ', description: '' }))).toEqual({
      amount: 'Enter an amount',
      reason: 'The reason is required',
      description: 'The description is required',
    });
  });
});
