import type { Cents } from './money';
import type { BasisPoints, TaxClass } from './estimate-totals';
import type { InvoiceLineKind } from './invoices';

/**
 * An invoice's arithmetic (issue 25), in integer cents: each line's amount, discount and tax are
 * rounded once (half away from zero, so a credit mirrors the charge it cancels), and every total is
 * the sum of its lines, so the figures add up to the cent wherever they are shown.
 */

/** `numerator / denominator` rounded half away from zero, exactly. */
export function roundedDivision(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('The denominator must be positive');
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + denominator) / (denominator * 2n);
  return negative ? -rounded : rounded;
}

const toCents = (value: bigint): Cents => {
  const cents = Number(value);
  if (!Number.isSafeInteger(cents)) throw new RangeError('An amount is out of range');
  return cents;
};

/** A quantity in thousandths (1250 = 1¼ hours) times a unit price. */
export const lineAmount = (unitPriceCents: Cents, quantityMilli: number): Cents =>
  toCents(roundedDivision(BigInt(unitPriceCents) * BigInt(quantityMilli), 1000n));

/** The part of a line's amount a discount of `bp` basis points takes off. */
export const lineDiscount = (amountCents: Cents, discountBp: BasisPoints): Cents =>
  toCents(roundedDivision(BigInt(amountCents) * BigInt(discountBp), 10000n));

/** A line's sales tax on what is left after its discount: none for exempt work. */
export const lineTax = (netCents: Cents, taxClass: TaxClass, rateBp: BasisPoints): Cents =>
  taxClass === 'taxable' ? toCents(roundedDivision(BigInt(netCents) * BigInt(rateBp), 10000n)) : 0;

/** `price × part / whole`, rounded once: a monthly price for the visits covered, or one visit's share to credit. */
export const shareOf = (priceCents: Cents, part: number, whole: number): Cents =>
  toCents(roundedDivision(BigInt(priceCents) * BigInt(part), BigInt(whole)));

/** The hours between check-in and check-out, rounded up to the quarter hour, in thousandths (at least a quarter hour). */
export function quarterHoursMilli(checkedInAt: Date, checkedOutAt: Date): number {
  const minutes = Math.max(0, checkedOutAt.getTime() - checkedInAt.getTime()) / 60_000;
  return Math.max(1, Math.ceil(minutes / 15 - 1e-9)) * 250;
}

/** A line as the arithmetic needs it. */
export interface PricedLine {
  kind: InvoiceLineKind;
  quantityMilli: number;
  unitPriceCents: Cents;
  /** The agreement's term discount, for recurring work; 0 otherwise. */
  discountBp: BasisPoints;
  taxClass: TaxClass;
  taxRateBp: BasisPoints;
}

export interface LineFigures {
  amountCents: Cents;
  discountCents: Cents;
  taxCents: Cents;
}

/** A line's amount, discount and tax, each rounded once. */
export function lineFigures(line: PricedLine): LineFigures {
  const amountCents = lineAmount(line.unitPriceCents, line.quantityMilli);
  const discountCents = lineDiscount(amountCents, line.discountBp);
  return { amountCents, discountCents, taxCents: lineTax(amountCents - discountCents, line.taxClass, line.taxRateBp) };
}

export interface InvoiceTotals {
  subtotalCents: Cents;
  discountCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
}

/** The invoice's totals: the sums of its lines' figures, and subtotal − discount + tax. */
export function invoiceTotals(lines: readonly LineFigures[]): InvoiceTotals {
  const sum = (pick: (line: LineFigures) => Cents) => lines.reduce((total, line) => total + pick(line), 0);
  const subtotalCents = sum((line) => line.amountCents);
  const discountCents = sum((line) => line.discountCents);
  const taxCents = sum((line) => line.taxCents);
  return { subtotalCents, discountCents, taxCents, totalCents: subtotalCents - discountCents + taxCents };
}
