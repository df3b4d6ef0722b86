import { describe, expect, it } from 'vitest';
import { basisPointsSchema, parsePercent, PERCENT_MESSAGES, percentInputSchema, percentToInput } from './percent';

describe('percent', () => {
  it('reads percentages as people type them into whole basis points, digit by digit', () => {
    const cases: Array<[string, number]> = [
      ['10', 1000],
      ['0.9', 90],
      ['.9', 90],
      ['7.9', 790],
      ['0.29', 29],
      ['0.55', 55],
      ['5%', 500],
      [' 5 % ', 500],
      ['100', 10_000],
      ['100.00', 10_000],
      ['0', 0],
      ['-0', 0],
      ['12.', 1200],
    ];
    for (const [typed, bp] of cases) expect(parsePercent(typed), typed).toEqual({ ok: true, bp });
  });

  it('says what is wrong with anything else', () => {
    expect(parsePercent('')).toEqual({ ok: false, message: PERCENT_MESSAGES.empty });
    expect(parsePercent('   ')).toEqual({ ok: false, message: PERCENT_MESSAGES.empty });
    for (const typed of ['ten', '5,5', '1e2', '5%%', '$5', '.', '0x10']) {
      expect(parsePercent(typed), typed).toEqual({ ok: false, message: PERCENT_MESSAGES.notAPercent });
    }
    expect(parsePercent('0.125')).toEqual({ ok: false, message: PERCENT_MESSAGES.tooManyDecimals });
  });

  it('reads negative and huge values as they are, for the field to refuse in its own words', () => {
    expect(parsePercent('-5')).toEqual({ ok: true, bp: -500 });
    expect(parsePercent('99999999999999999999')).toEqual({ ok: true, bp: Number.MAX_SAFE_INTEGER });
    const discount = percentInputSchema('Enter a discount between 0% and 100%');
    expect(discount.safeParse('12').data).toBe(1200);
    for (const typed of ['-5', '100.01', '250']) {
      expect(discount.safeParse(typed).error?.issues[0]?.message, typed).toBe('Enter a discount between 0% and 100%');
    }
    expect(discount.safeParse('abc').error?.issues[0]?.message).toBe(PERCENT_MESSAGES.notAPercent);
  });

  it('writes basis points back as the field shows them, and reads them back the same', () => {
    expect([500, 790, 90, 55, 0, 10_000, 1].map(percentToInput)).toEqual(['5', '7.9', '0.9', '0.55', '0', '100', '0.01']);
    for (let bp = 0; bp <= 10_000; bp += 7) expect(parsePercent(percentToInput(bp))).toEqual({ ok: true, bp });
  });

  it('takes only whole basis points from 0 to 10000 at the API', () => {
    const schema = basisPointsSchema('Enter a tax rate between 0% and 100%');
    expect(schema.safeParse(790).success).toBe(true);
    for (const bad of [-1, 10_001, 7.5, '500', null]) {
      expect(schema.safeParse(bad).error?.issues[0]?.message, String(bad)).toBe('Enter a tax rate between 0% and 100%');
    }
  });
});
