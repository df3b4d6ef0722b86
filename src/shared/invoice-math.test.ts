import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  invoiceTotals,
  lineAmount,
  lineDiscount,
  lineFigures,
  lineTax,
  quarterHoursMilli,
  roundedDivision,
  shareOf,
  type PricedLine,
} from './invoice-math';

describe('invoice arithmetic', () => {
  it('rounds half away from zero, so a credit mirrors its charge', () => {
    expect(roundedDivision(5n, 2n)).toBe(3n);
    expect(roundedDivision(-5n, 2n)).toBe(-3n);
    expect(roundedDivision(4n, 3n)).toBe(1n);
    expect(roundedDivision(-4n, 3n)).toBe(-1n);
    expect(() => roundedDivision(1n, 0n)).toThrow(RangeError);
  });

  it('prices an hour and a quarter at $95 an hour as $118.75, and a 10% discount and 5.6% tax on it once each', () => {
    expect(lineAmount(9500, 1250)).toBe(11875);
    expect(lineDiscount(11875, 1000)).toBe(1188);
    expect(lineTax(11875 - 1188, 'taxable', 560)).toBe(598);
    expect(lineTax(11875, 'exempt', 560)).toBe(0);
  });

  it('credits one of nine planned visits of a $740 month as $82.22, and bills 2 of 9 as $164.44', () => {
    expect(-shareOf(74000, 1, 9)).toBe(-8222);
    expect(shareOf(74000, 2, 9)).toBe(16444);
  });

  it('rounds time on site up to the quarter hour, at least a quarter', () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 2, 14, 0) + minutes * 60_000);
    expect(quarterHoursMilli(at(0), at(0))).toBe(250);
    expect(quarterHoursMilli(at(0), at(15))).toBe(250);
    expect(quarterHoursMilli(at(0), at(16))).toBe(500);
    expect(quarterHoursMilli(at(0), at(75))).toBe(1250);
    expect(quarterHoursMilli(at(0), at(76))).toBe(1500);
  });

  const line = fc.record<PricedLine>({
    kind: fc.constantFrom('visit', 'month', 'one_time', 'hours', 'credit', 'adjustment'),
    quantityMilli: fc.integer({ min: 0, max: 40_000 }),
    unitPriceCents: fc.integer({ min: -100_000_000, max: 100_000_000 }),
    discountBp: fc.integer({ min: 0, max: 10_000 }),
    taxClass: fc.constantFrom('exempt', 'taxable'),
    taxRateBp: fc.integer({ min: 0, max: 1_000 }),
  });

  it('adds up to the cent over 1,000 generated invoices: totals are the sums of the lines, and total = subtotal − discount + tax', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 60 }), (lines) => {
        const figures = lines.map(lineFigures);
        const totals = invoiceTotals(figures);
        expect(totals.subtotalCents).toBe(figures.reduce((sum, figure) => sum + figure.amountCents, 0));
        expect(totals.totalCents).toBe(totals.subtotalCents - totals.discountCents + totals.taxCents);
        for (const figure of figures) {
          // A discount never takes more than the line, and tax is never against the line's sign.
          expect(Math.abs(figure.discountCents)).toBeLessThanOrEqual(Math.abs(figure.amountCents));
          expect(figure.taxCents * Math.sign(figure.amountCents)).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(figure.amountCents + figure.discountCents + figure.taxCents)).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('makes a credit the exact negative of the same charge', () => {
    fc.assert(
      fc.property(line, (charge) => {
        const credit = lineFigures({ ...charge, unitPriceCents: -charge.unitPriceCents });
        const figures = lineFigures(charge);
        expect(credit.amountCents).toBe(-figures.amountCents || 0);
        expect(credit.discountCents).toBe(-figures.discountCents || 0);
        expect(credit.taxCents).toBe(-figures.taxCents || 0);
      }),
    );
  });
});
