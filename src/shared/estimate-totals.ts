import { allocate, type Cents } from './money';
import { parseRrule, LAST_DAY_OF_MONTH } from './recurrence';

/**
 * The money of an estimate: what each line, each property and the whole estimate cost a month and
 * once, with the term discount and the tax. The console's editor, the prospect's estimate page, the
 * PDF and the agreement made on acceptance all call `estimateTotals`, so each shows the same cents.
 *
 * The rules, in plain words:
 * - A line counts when it is included, or when it is optional and the customer ticked it on. An
 *   unticked optional line still gets its own amounts (the page shows what ticking it would add),
 *   but adds nothing to any total.
 * - What a line costs depends on its unit:
 *   - per visit, with a recurrence: its price times the visits in an average month, rounded once
 *     for the line ("about $X a month");
 *   - per visit, without a recurrence: a single visit, which is one-time work;
 *   - per month: its price, every month;
 *   - one time: its price, once;
 *   - per hour (the emergency callout): billed as the hours are used, so it is shown with its
 *     price but counts in no total.
 * - The term discount is taken off each property's monthly amount, rounded once per property. It
 *   never touches one-time work: it rewards a longer commitment to recurring service, and a
 *   one-time cleanup is no commitment at all.
 * - Tax: Wisconsin taxes landscaping but not the cleaning of real property, so each line is taxed
 *   by its service's class, at its property's rate. The property's discount is shared across its
 *   monthly lines in proportion to their amounts (`allocate`, never losing a cent), and each
 *   taxable line's discounted monthly amount and its one-time amount are taxed, each rounded
 *   once for the line.
 * - Totals add up to the cent: a property's monthly total is its monthly amount, less its
 *   discount, plus its tax; its one-time total is its one-time amount plus its tax; the
 *   estimate's figures are the sums of its properties'.
 *
 * Every rounding is half up, done on whole numbers (BigInt numerator and remainder), never on a
 * float, so the same inputs give the same cents everywhere. Prices are whole cents, rates and
 * discounts whole basis points (1 % = 100), and anything else is refused with a RangeError.
 */

export const SERVICE_UNITS = ['visit', 'month', 'hour', 'once'] as const;
export type ServiceUnit = (typeof SERVICE_UNITS)[number];
export const UNIT_NAMES: Record<ServiceUnit, string> = {
  visit: 'per visit',
  month: 'per month',
  hour: 'per hour',
  once: 'one time',
};

/** Wisconsin's line between cleaning real property (exempt) and landscaping (taxable). */
export const TAX_CLASSES = ['exempt', 'taxable'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

export const AGREEMENT_TERMS = ['month-to-month', '6-months', '12-months'] as const;
export type AgreementTerm = (typeof AGREEMENT_TERMS)[number];
export const TERM_NAMES: Record<AgreementTerm, string> = {
  'month-to-month': 'Month-to-month',
  '6-months': '6 months',
  '12-months': '12 months',
};
/** How long a term binds; month-to-month binds for no fixed time. */
export const TERM_MONTHS: Record<AgreementTerm, number | null> = {
  'month-to-month': null,
  '6-months': 6,
  '12-months': 12,
};

/** A whole number of hundredths of a percent: 1 % is 100, 7.9 % is 790. */
export type BasisPoints = number;
const WHOLE: BasisPoints = 10_000;

/** The term discounts the price book starts with (settings the owner may change). */
export const DEFAULT_TERM_DISCOUNTS: Record<AgreementTerm, BasisPoints> = {
  'month-to-month': 0,
  '6-months': 500,
  '12-months': 1000,
};

/** A rate as people write it: 500 is "5%", 790 is "7.9%", 55 is "0.55%". */
export function formatPercent(bp: BasisPoints): string {
  assertBasisPoints(bp, 'A percentage');
  const hundredths = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${Math.floor(bp / 100)}${hundredths ? `.${hundredths}` : ''}%`;
}

export interface Fraction {
  numerator: number;
  denominator: number;
}

/** An average year (a leap year every fourth) has 365.25 days: 1461 days in 4 years. */
const DAYS_IN_4_YEARS = 1461;
const MONTHS_IN_4_YEARS = 48;

/**
 * The visits a recurrence makes in an average month, as an exact fraction (lowest terms), so a
 * per-visit price becomes a monthly amount without a float:
 * - weekly on N weekdays every K weeks: N × (365.25 / 7 / 12) / K, that is N × 1461 / (336 × K);
 * - monthly on the nth weekday, on a day 1 to 28, or on the last day: 1;
 * - monthly on the 29th, 30th or 31st: the share of months that have that day (a month without it
 *   has no visit, as RFC 5545 and the plan form say): 31st 7/12, 30th 11/12, 29th 15/16 (February
 *   has one in a leap year).
 * Throws a RangeError, with parseRrule's words, on a rule the plan form would refuse.
 */
export function visitsPerMonth(rrule: string): Fraction {
  const parsed = parseRrule(rrule);
  if (!parsed.ok) throw new RangeError(`Cannot count the visits of "${rrule}": ${parsed.message}`);
  const { recurrence } = parsed;
  switch (recurrence.kind) {
    case 'weekly':
      // Weeks in 4 years (1461 / 7) over months in 4 years (48), per weekday, every K weeks.
      return lowestTerms(recurrence.weekdays.length * DAYS_IN_4_YEARS, 7 * MONTHS_IN_4_YEARS * recurrence.interval);
    case 'monthly-weekday':
      return { numerator: 1, denominator: 1 };
    case 'monthly-day':
      return lowestTerms(monthsWithDay(recurrence.day), MONTHS_IN_4_YEARS);
  }
}

/** In 4 years' 48 months, how many have this day of the month. */
function monthsWithDay(day: number): number {
  if (day === LAST_DAY_OF_MONTH || day <= 28) return MONTHS_IN_4_YEARS;
  if (day === 29) return MONTHS_IN_4_YEARS - 3; // every February but the leap year's
  if (day === 30) return 11 * 4; // every month but February
  return 7 * 4; // January, March, May, July, August, October and December
}

function lowestTerms(numerator: number, denominator: number): Fraction {
  let [a, b] = [numerator, denominator];
  while (b) [a, b] = [b, a % b];
  return { numerator: numerator / a, denominator: denominator / a };
}

export interface TotalsLine {
  id: string;
  unit: ServiceUnit;
  unitPriceCents: Cents;
  /** The line's recurrence (plan form RRULE), or null for a single visit or a price not per visit. */
  rrule: string | null;
  taxClass: TaxClass;
  optional: boolean;
}
export interface TotalsProperty {
  id: string;
  taxRateBp: BasisPoints;
  lines: TotalsLine[];
}

/** One line's amounts; they count in the totals only when `included`. */
export interface LineTotals {
  id: string;
  included: boolean;
  monthlyCents: Cents;
  oneTimeCents: Cents;
  /** An hourly price, shown as such: it counts in no total. */
  hourlyCents: Cents;
}

interface Sums {
  monthlyCents: Cents;
  monthlyDiscountCents: Cents;
  monthlyTaxCents: Cents;
  monthlyTotalCents: Cents;
  oneTimeCents: Cents;
  oneTimeTaxCents: Cents;
  oneTimeTotalCents: Cents;
}
export interface PropertyTotals extends Sums {
  id: string;
  lines: LineTotals[];
}
export interface EstimateTotals extends Sums {
  properties: PropertyTotals[];
}

/**
 * An estimate's totals, per line, per property and in all, for the optional lines the customer
 * chose and the discount of the term they chose (see the rules at the top of this file).
 */
export function estimateTotals(
  properties: TotalsProperty[],
  options: { discountBp: BasisPoints; chosenOptionalIds: ReadonlySet<string> | readonly string[] },
): EstimateTotals {
  assertBasisPoints(options.discountBp, 'A term discount');
  assertUniqueIds(properties);
  const chosen = new Set(options.chosenOptionalIds);
  const totals = properties.map((property) => propertyTotals(property, options.discountBp, chosen));
  return { properties: totals, ...sumOf(totals) };
}

function propertyTotals(property: TotalsProperty, discountBp: BasisPoints, chosen: ReadonlySet<string>): PropertyTotals {
  assertBasisPoints(property.taxRateBp, `The tax rate of property ${property.id}`);
  const lines = property.lines.map((line) => lineTotals(line, chosen));
  const counted = lines.map((line) => (line.included ? line : { ...line, monthlyCents: 0, oneTimeCents: 0 }));
  const monthlyCents = total(counted.map((line) => line.monthlyCents));
  const oneTimeCents = total(counted.map((line) => line.oneTimeCents));

  const monthlyDiscountCents = roundedProduct(monthlyCents, discountBp, WHOLE);
  const discountShares =
    monthlyDiscountCents > 0
      ? allocate(
          monthlyDiscountCents,
          counted.map((line) => line.monthlyCents),
        )
      : counted.map(() => 0);
  const taxOf = (cents: Cents) => roundedProduct(cents, property.taxRateBp, WHOLE);
  const taxable = (index: number) => property.lines[index]!.taxClass === 'taxable';
  const monthlyTaxCents = total(counted.map((line, i) => (taxable(i) ? taxOf(line.monthlyCents - discountShares[i]!) : 0)));
  const oneTimeTaxCents = total(counted.map((line, i) => (taxable(i) ? taxOf(line.oneTimeCents) : 0)));

  return {
    id: property.id,
    lines,
    monthlyCents,
    monthlyDiscountCents,
    monthlyTaxCents,
    monthlyTotalCents: total([monthlyCents - monthlyDiscountCents, monthlyTaxCents]),
    oneTimeCents,
    oneTimeTaxCents,
    oneTimeTotalCents: total([oneTimeCents, oneTimeTaxCents]),
  };
}

function lineTotals(line: TotalsLine, chosen: ReadonlySet<string>): LineTotals {
  assertLine(line);
  const amounts = { monthlyCents: 0, oneTimeCents: 0, hourlyCents: 0 };
  if (line.unit === 'month') amounts.monthlyCents = line.unitPriceCents;
  else if (line.unit === 'once') amounts.oneTimeCents = line.unitPriceCents;
  else if (line.unit === 'hour') amounts.hourlyCents = line.unitPriceCents;
  else if (line.rrule === null) amounts.oneTimeCents = line.unitPriceCents;
  else {
    const visits = visitsPerMonth(line.rrule);
    amounts.monthlyCents = roundedProduct(line.unitPriceCents, visits.numerator, visits.denominator);
  }
  return { id: line.id, included: !line.optional || chosen.has(line.id), ...amounts };
}

function sumOf(parts: readonly Sums[]): Sums {
  const sum = (key: keyof Sums) => total(parts.map((part) => part[key]));
  return {
    monthlyCents: sum('monthlyCents'),
    monthlyDiscountCents: sum('monthlyDiscountCents'),
    monthlyTaxCents: sum('monthlyTaxCents'),
    monthlyTotalCents: sum('monthlyTotalCents'),
    oneTimeCents: sum('oneTimeCents'),
    oneTimeTaxCents: sum('oneTimeTaxCents'),
    oneTimeTotalCents: sum('oneTimeTotalCents'),
  };
}

/** cents × numerator / denominator, rounded half up, in whole numbers only. */
function roundedProduct(cents: Cents, numerator: number, denominator: number): Cents {
  const product = BigInt(cents) * BigInt(numerator);
  const divisor = BigInt(denominator);
  const quotient = product / divisor + (2n * (product % divisor) >= divisor ? 1n : 0n);
  return safeCents(quotient);
}

function total(amounts: readonly Cents[]): Cents {
  return safeCents(amounts.reduce((sum, cents) => sum + BigInt(cents), 0n));
}

function safeCents(value: bigint): Cents {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('That estimate’s total is too large to hold in cents');
  return Number(value);
}

function assertLine(line: TotalsLine): void {
  const where = `line ${line.id}`;
  if (!(SERVICE_UNITS as readonly string[]).includes(line.unit)) {
    throw new RangeError(`The unit of ${where} must be one of ${SERVICE_UNITS.join(', ')}, not ${String(line.unit)}`);
  }
  if (!(TAX_CLASSES as readonly string[]).includes(line.taxClass)) {
    throw new RangeError(`The tax class of ${where} must be exempt or taxable, not ${String(line.taxClass)}`);
  }
  if (!Number.isSafeInteger(line.unitPriceCents) || line.unitPriceCents < 0) {
    throw new RangeError(`The price of ${where} must be a whole number of cents, zero or more, not ${line.unitPriceCents}`);
  }
  // Every recurrence must be one the plans made on acceptance can follow, whatever the unit.
  if (line.rrule !== null) visitsPerMonth(line.rrule);
}

function assertBasisPoints(bp: BasisPoints, what: string): void {
  if (!Number.isInteger(bp) || bp < 0 || bp > WHOLE) {
    throw new RangeError(`${what} must be a whole number of basis points from 0 to ${WHOLE} (0 % to 100 %), not ${bp}`);
  }
}

/** The chosen optional lines are named by id, so a repeated id would count twice or choose two. */
function assertUniqueIds(properties: readonly TotalsProperty[]): void {
  const seen = new Set<string>();
  for (const id of properties.flatMap((property) => [`property ${property.id}`, ...property.lines.map((line) => `line ${line.id}`)])) {
    if (seen.has(id)) throw new RangeError(`The estimate has ${id} twice`);
    seen.add(id);
  }
}
