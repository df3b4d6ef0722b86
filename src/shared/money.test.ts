import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  CENTS_MESSAGES,
  DOLLARS_MESSAGES,
  MAX_CENTS,
  allocate,
  centsSchema,
  centsToInput,
  dollarsInputSchema,
  formatCents,
  parseDollars,
} from './money';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('formatCents', () => {
  it('writes en-US dollars with thousands separators and two decimals', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(-0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(50)).toBe('$0.50');
    expect(formatCents(100)).toBe('$1.00');
    expect(formatCents(99_999)).toBe('$999.99');
    expect(formatCents(100_000)).toBe('$1,000.00');
    expect(formatCents(-5)).toBe('-$0.05');
    expect(formatCents(-123456)).toBe('-$1,234.56');
    expect(formatCents(123_456_789_012)).toBe('$1,234,567,890.12');
  });

  it('writes the largest amounts exactly, where a float of dollars would round', () => {
    expect(formatCents(MAX_CENTS)).toBe('$90,071,992,547,409.91');
    expect(formatCents(-MAX_CENTS)).toBe('-$90,071,992,547,409.91');
  });

  it('agrees with Intl.NumberFormat for every amount a float of dollars holds exactly enough', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(formatCents(cents)).toBe(usd.format(cents / 100));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses what is not a whole number of cents', () => {
    for (const value of [0.5, 12.34, Number.NaN, Number.POSITIVE_INFINITY, MAX_CENTS + 1]) {
      expect(() => formatCents(value), String(value)).toThrow(RangeError);
    }
  });
});

describe('parseDollars', () => {
  it('reads typed dollar amounts into cents, digit by digit', () => {
    const cases: Array<[string, number]> = [
      ['1,234.5', 123450],
      ['1,234.56', 123456],
      ['1234.56', 123456],
      ['$1,234.56', 123456],
      ['  20  ', 2000],
      ['$20', 2000],
      ['0', 0],
      ['0.00', 0],
      ['.5', 50],
      ['.05', 5],
      ['7.', 700],
      ['0.29', 29],
      ['0.57', 57],
      ['1.15', 115],
      ['4.35', 435],
      ['1,000,000', 100_000_000],
      ['007.10', 710],
      ['90,071,992,547,409.91', MAX_CENTS],
    ];
    for (const [input, cents] of cases) expect(parseDollars(input), input).toEqual({ ok: true, cents });
  });

  it('gets the amounts right that a float of dollars times 100 gets wrong', () => {
    // 0.29 * 100 is 28.999999999999996 and 1.15 * 100 is 114.99999999999999.
    expect(Math.floor(0.29 * 100)).toBe(28);
    expect(parseDollars('0.29')).toEqual({ ok: true, cents: 29 });
    expect(parseDollars('1.15')).toEqual({ ok: true, cents: 115 });
  });

  it('says what is wrong with anything else', () => {
    const cases: Array<[string, string]> = [
      ['', DOLLARS_MESSAGES.empty],
      ['   ', DOLLARS_MESSAGES.empty],
      ['1.234', DOLLARS_MESSAGES.tooManyDecimals],
      ['0.001', DOLLARS_MESSAGES.tooManyDecimals],
      ['1,234.567', DOLLARS_MESSAGES.tooManyDecimals],
      ['abc', DOLLARS_MESSAGES.notAnAmount],
      ['$', DOLLARS_MESSAGES.notAnAmount],
      ['.', DOLLARS_MESSAGES.notAnAmount],
      ['-', DOLLARS_MESSAGES.notAnAmount],
      ['1e3', DOLLARS_MESSAGES.notAnAmount],
      ['12 34', DOLLARS_MESSAGES.notAnAmount],
      ['1,23', DOLLARS_MESSAGES.notAnAmount],
      ['12,34.00', DOLLARS_MESSAGES.notAnAmount],
      [',123', DOLLARS_MESSAGES.notAnAmount],
      ['1.2.3', DOLLARS_MESSAGES.notAnAmount],
      ['$-5', DOLLARS_MESSAGES.notAnAmount],
      ['five', DOLLARS_MESSAGES.notAnAmount],
      ['Infinity', DOLLARS_MESSAGES.notAnAmount],
      ['NaN', DOLLARS_MESSAGES.notAnAmount],
      ['٣٤', DOLLARS_MESSAGES.notAnAmount],
      ['-5', DOLLARS_MESSAGES.negative],
      ['-$1,234.56', DOLLARS_MESSAGES.negative],
      ['90,071,992,547,409.92', DOLLARS_MESSAGES.tooLarge],
      ['99999999999999999999', DOLLARS_MESSAGES.tooLarge],
    ];
    for (const [input, message] of cases) expect(parseDollars(input), input).toEqual({ ok: false, message });
  });

  it('reads negative amounts only when asked to, and minus zero as zero', () => {
    expect(parseDollars('-5', { allowNegative: true })).toEqual({ ok: true, cents: -500 });
    expect(parseDollars('-$1,234.56', { allowNegative: true })).toEqual({ ok: true, cents: -123456 });
    expect(parseDollars('-0')).toEqual({ ok: true, cents: 0 });
    expect(parseDollars('-0.00', { allowNegative: true })).toEqual({ ok: true, cents: 0 });
  });

  it('reads back what formatCents and centsToInput write, for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_CENTS, max: MAX_CENTS }), (cents) => {
        const expected = { ok: true, cents: cents === 0 ? 0 : cents };
        expect(parseDollars(formatCents(cents), { allowNegative: true })).toEqual(expected);
        expect(parseDollars(centsToInput(cents), { allowNegative: true })).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
    expect(centsToInput(123450)).toBe('1234.50');
    expect(centsToInput(5)).toBe('0.05');
    expect(centsToInput(-5)).toBe('-0.05');
  });
});

describe('the schemas', () => {
  it('centsSchema takes non-negative safe integers only', () => {
    for (const value of [0, 1, 123456, MAX_CENTS]) expect(centsSchema.safeParse(value).success, String(value)).toBe(true);
    const refusals: Array<[unknown, string]> = [
      [-1, CENTS_MESSAGES.negative],
      [-MAX_CENTS - 1, CENTS_MESSAGES.negative],
      [12.5, CENTS_MESSAGES.notCents],
      [MAX_CENTS + 1, CENTS_MESSAGES.tooLarge],
      ['1234', CENTS_MESSAGES.notCents],
      [null, CENTS_MESSAGES.notCents],
      [Number.NaN, CENTS_MESSAGES.notCents],
      [Number.POSITIVE_INFINITY, CENTS_MESSAGES.notCents],
    ];
    for (const [value, message] of refusals) {
      const result = centsSchema.safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0]?.message, String(value)).toBe(message);
    }
  });

  it('centsSchema says what it takes in the OpenAPI document too', () => {
    expect(z.toJSONSchema(centsSchema)).toMatchObject({ type: 'integer', minimum: 0, maximum: MAX_CENTS });
  });

  it('dollarsInputSchema turns a form field into cents, or its message', () => {
    expect(dollarsInputSchema.safeParse('1,234.5')).toEqual({ success: true, data: 123450 });
    for (const [input, message] of [
      ['1.234', DOLLARS_MESSAGES.tooManyDecimals],
      ['ten', DOLLARS_MESSAGES.notAnAmount],
      ['-3', DOLLARS_MESSAGES.negative],
      ['', DOLLARS_MESSAGES.empty],
      [12, DOLLARS_MESSAGES.notAnAmount],
    ] as const) {
      const result = dollarsInputSchema.safeParse(input);
      expect(result.success, String(input)).toBe(false);
      expect(
        result.error?.issues.map((issue) => issue.message),
        String(input),
      ).toEqual([message]);
    }
  });
});

describe('allocate', () => {
  it('splits without losing a cent, the extra cents to the largest remainders, earlier parts first', () => {
    expect(allocate(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(allocate(1000, [1])).toEqual([1000]);
    expect(allocate(1001, [50, 50])).toEqual([501, 500]);
    expect(allocate(100, [70, 30])).toEqual([70, 30]);
    expect(allocate(5, [3, 7])).toEqual([2, 3]); // exact shares 1.5 and 3.5: a tie, so the first gets the cent
    expect(allocate(10, [1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
    expect(allocate(1, [1, 3])).toEqual([0, 1]); // 0.25 and 0.75: the larger remainder
    expect(allocate(1000, [2, 1])).toEqual([667, 333]);
    expect(allocate(0, [1, 2, 3])).toEqual([0, 0, 0]);
    // Exact shares 0.5, 0.5 and 4: the cent goes to a half, not to the largest ratio (dinero.js 2.0.2 gives [0, 0, 5]).
    expect(allocate(5, [1, 1, 8])).toEqual([1, 0, 4]);
  });

  it('splits a negative total as its positive, negated', () => {
    expect(allocate(-1000, [1, 1, 1])).toEqual([-334, -333, -333]);
    expect(allocate(-5, [3, 7])).toEqual([-2, -3]);
    expect(allocate(-1, [1, 1])).toEqual([-1, 0]);
    expect(Object.is(allocate(-1, [1, 1])[1], 0)).toBe(true);
  });

  it('gives a zero ratio nothing', () => {
    expect(allocate(1000, [0, 1, 1])).toEqual([0, 500, 500]);
    expect(allocate(1001, [1, 0, 1])).toEqual([501, 0, 500]);
    expect(allocate(-7, [0, 0, 3])).toEqual([0, 0, -7]);
  });

  it('stays exact with the largest totals and ratios', () => {
    const parts = allocate(MAX_CENTS, [MAX_CENTS, 1, MAX_CENTS]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(MAX_CENTS);
    expect(parts).toEqual([4503599627370495, 1, 4503599627370495]);
  });

  it('refuses what it cannot split', () => {
    expect(() => allocate(100, [])).toThrow(RangeError);
    expect(() => allocate(100, [0, 0])).toThrow(/above zero/);
    expect(() => allocate(100, [1, -1])).toThrow(/non-negative whole numbers/);
    expect(() => allocate(100, [0.5, 0.5])).toThrow(/non-negative whole numbers/);
    expect(() => allocate(100, [Number.NaN])).toThrow(RangeError);
    expect(() => allocate(10.5, [1, 1])).toThrow(RangeError);
  });

  it('for any total and ratios: the parts add up to the total, each within a cent of its exact share', () => {
    const total = fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: -MAX_CENTS, max: MAX_CENTS }));
    const ratio = fc.oneof(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: MAX_CENTS }));
    const ratios = fc.array(ratio, { minLength: 1, maxLength: 30 }).filter((list) => list.some((value) => value > 0));
    fc.assert(
      fc.property(total, ratios, (amount, weights) => {
        const parts = allocate(amount, weights);
        expect(parts).toHaveLength(weights.length);
        expect(parts.reduce((a, b) => a + BigInt(b), 0n)).toBe(BigInt(amount));
        const sum = weights.reduce((a, b) => a + BigInt(b), 0n);
        parts.forEach((part, index) => {
          expect(Number.isSafeInteger(part)).toBe(true);
          // |part - amount × ratio / sum| < 1, in integers: |part × sum - amount × ratio| < sum.
          const gap = BigInt(part) * sum - BigInt(amount) * BigInt(weights[index] ?? 0);
          expect(gap < 0n ? -gap : gap).toBeLessThan(sum);
          if (weights[index] === 0) expect(part).toBe(0);
          if (amount >= 0) expect(part).toBeGreaterThanOrEqual(0);
          else expect(part).toBeLessThanOrEqual(0);
        });
      }),
      { numRuns: 3000 },
    );
  });

  it('is the rounding closest to the exact shares: no cent moved from one part to another brings them closer', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 2, maxLength: 8 }).filter((list) => list.some((value) => value > 0)),
        (amount, weights) => {
          const parts = allocate(amount, weights);
          const sum = weights.reduce((a, b) => a + b, 0);
          const error = (values: number[]) =>
            values.reduce((total, value, index) => total + Math.abs(value * sum - amount * (weights[index] ?? 0)), 0);
          const best = error(parts);
          for (let from = 0; from < parts.length; from += 1) {
            for (let to = 0; to < parts.length; to += 1) {
              if (from === to) continue;
              const moved = [...parts];
              moved[from] = (moved[from] ?? 0) - 1;
              moved[to] = (moved[to] ?? 0) + 1;
              expect(error(moved)).toBeGreaterThanOrEqual(best);
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
