import { describe, expect, it } from 'vitest';
import { billingSettingsFormSchema, priceBookServiceFormSchema } from './pricing';

const form = { name: 'Parking Lot Cleaning', description: '', unit: 'visit', taxClass: 'exempt', checklist: '' };

describe('the price book forms', () => {
  it('read a price as people type it into exact cents', () => {
    for (const [typed, cents] of [
      ['85', 8500],
      ['85.00', 8500],
      ['$85.5', 8550],
      ['0.29', 29],
      ['1,250', 125_000],
    ] as const) {
      expect(priceBookServiceFormSchema.parse({ ...form, priceCents: typed }).priceCents, typed).toBe(cents);
    }
    const refused = (typed: string) => priceBookServiceFormSchema.safeParse({ ...form, priceCents: typed }).error?.issues[0]?.message;
    expect(refused('')).toBe('Enter an amount');
    expect(refused('85.555')).toBe('Enter at most 2 digits after the decimal point');
    expect(refused('-5')).toBe('Enter an amount of zero or more');
    expect(refused('1000000.01')).toBe('Enter a price from $0.00 to $1,000,000.00');
  });

  it('take the checklist one item per line, leaving out blank lines', () => {
    const parsed = priceBookServiceFormSchema.parse({ ...form, priceCents: '85', checklist: ' Sweep entrances \r\n\n Empty ash urns\n' });
    expect(parsed.checklist).toEqual(['Sweep entrances', 'Empty ash urns']);
  });

  it('read discounts and rates as typed into basis points', () => {
    const parsed = billingSettingsFormSchema.parse({
      termDiscounts: { 'month-to-month': '0', '6-months': '5', '12-months': '12.5' },
      taxRates: { stateBp: '5', milwaukeeCountyBp: '0.9', milwaukeeCityBp: '2', waukeshaCountyBp: '.5' },
    });
    expect(parsed).toEqual({
      termDiscounts: { 'month-to-month': 0, '6-months': 500, '12-months': 1250 },
      taxRates: { stateBp: 500, milwaukeeCountyBp: 90, milwaukeeCityBp: 200, waukeshaCountyBp: 50 },
    });
    const refused = billingSettingsFormSchema.safeParse({
      termDiscounts: { 'month-to-month': '0', '6-months': '105', '12-months': '10' },
      taxRates: { stateBp: 'five', milwaukeeCountyBp: '0.9', milwaukeeCityBp: '2', waukeshaCountyBp: '0.5' },
    });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['termDiscounts.6-months', 'Enter a discount between 0% and 100%'],
      ['taxRates.stateBp', 'Enter a percentage, such as 5 or 0.9'],
    ]);
  });
});
