import { z } from 'zod/mini';

/**
 * Money is a whole number of US cents, everywhere: in tables (`integer`/`bigint` columns named
 * `…_cents`), in contracts (`centsSchema`), in code and in tests. Dollars exist only as text: what
 * `formatCents` shows and what `parseDollars` reads from a form. Nothing is ever a float of dollars.
 *
 * A plain number alias rather than a brand: the database and JSON give plain numbers, and a brand
 * would need a cast at every read. The schema is what checks a value at a boundary.
 */
export type Cents = number;

/** The largest amount a `Cents` may hold: integers beyond it lose precision as JavaScript numbers. */
export const MAX_CENTS: Cents = Number.MAX_SAFE_INTEGER;

export const CENTS_MESSAGES = {
  notCents: 'An amount must be a whole number of cents',
  negative: 'An amount must be zero or more',
  tooLarge: 'That amount is too large',
} as const;

/**
 * A stored or sent amount: a non-negative safe integer of cents. Built from `z.int()` and `z.gte()`
 * rather than refinements, so the OpenAPI document says it too (`integer`, minimum 0, maximum 2^53 - 1).
 */
export const centsSchema = z
  .int({
    error: (issue) =>
      issue.code === 'too_big' ? CENTS_MESSAGES.tooLarge : issue.code === 'too_small' ? CENTS_MESSAGES.negative : CENTS_MESSAGES.notCents,
  })
  .check(z.gte(0, CENTS_MESSAGES.negative));

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * An amount in en-US dollars, as `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })`
 * writes it (`$1,234.56`, `-$0.05`, `$0.00`), but from the integer itself, so that no amount is
 * ever rounded through a float of dollars.
 */
export function formatCents(cents: Cents): string {
  assertCents(cents);
  const negative = cents < 0;
  const digits = String(Math.abs(cents)).padStart(3, '0');
  const dollars = digits.slice(0, -2).replace(THOUSANDS, ',');
  return `${negative ? '-' : ''}$${dollars}.${digits.slice(-2)}`;
}

/** The amount as a form field holds it for editing (`1234.50`, no `$` and no commas); `parseDollars` reads it back. */
export function centsToInput(cents: Cents): string {
  assertCents(cents);
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

export const DOLLARS_MESSAGES = {
  empty: 'Enter an amount',
  notAnAmount: 'Enter an amount in dollars, such as 1,234.50',
  tooManyDecimals: 'Enter at most 2 digits after the decimal point',
  negative: 'Enter an amount of zero or more',
  tooLarge: CENTS_MESSAGES.tooLarge,
} as const;

export type ParsedDollars = { ok: true; cents: Cents } | { ok: false; message: string };

// An optional minus, an optional "$", then dollars (plain, or grouped by commas in threes) and up
// to any number of decimals (more than 2 get their own message), or decimals alone (".5").
const AMOUNT = /^(-)?\$?(?:(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d*))?|\.(\d+))$/;

/**
 * Reads an amount typed in dollars ("1,234.5", "$20", ".99", "-3.10") into cents, digit by digit,
 * so "0.29" is 29 and never 28.999…. Refuses, with a message for the field: nothing typed, anything
 * that is not an amount, more than 2 decimals, a negative amount unless `allowNegative`, and an
 * amount too large to hold.
 */
export function parseDollars(input: string, options: { allowNegative?: boolean } = {}): ParsedDollars {
  const text = input.trim();
  if (text === '') return { ok: false, message: DOLLARS_MESSAGES.empty };
  const match = AMOUNT.exec(text);
  if (!match) return { ok: false, message: DOLLARS_MESSAGES.notAnAmount };
  const [, minus, whole = '', decimals = match[4] ?? ''] = match;
  if (decimals.length > 2) return { ok: false, message: DOLLARS_MESSAGES.tooManyDecimals };
  const magnitude = BigInt(`${whole.replaceAll(',', '') || '0'}${decimals.padEnd(2, '0')}`);
  if (magnitude > BigInt(MAX_CENTS)) return { ok: false, message: DOLLARS_MESSAGES.tooLarge };
  const cents = Number(magnitude);
  if (minus && cents !== 0) {
    if (!options.allowNegative) return { ok: false, message: DOLLARS_MESSAGES.negative };
    return { ok: true, cents: -cents };
  }
  return { ok: true, cents };
}

/** A form's dollar field: text in, cents out, with `parseDollars`' messages (non-negative amounts). */
export const dollarsInputSchema = z.pipe(
  z.string({ error: DOLLARS_MESSAGES.notAnAmount }),
  z.transform((input: string, context) => {
    const parsed = parseDollars(input);
    if (parsed.ok) return parsed.cents;
    context.issues.push({ code: 'custom', message: parsed.message, input });
    return z.NEVER;
  }),
);

/**
 * Splits `total` across parts in proportion to `ratios` without losing or inventing a cent: the
 * parts always add up to `total`. Each part is its exact share rounded down (toward zero), and
 * the cents left over go one each to the parts with the largest remainders, the earlier part
 * first on a tie (the largest-remainder method), so every part is within one cent of its exact
 * share: `allocate(1000, [1, 1, 1])` is `[334, 333, 333]`. A negative total splits like its
 * positive (`[-334, -333, -333]`); a zero ratio always gets 0.
 *
 * Ratios are non-negative whole numbers (counts, or amounts in cents when spreading a discount
 * over lines), at least one of them above zero, so the arithmetic is exact (BigInt inside).
 */
export function allocate(total: Cents, ratios: readonly number[]): Cents[] {
  assertCents(total);
  if (ratios.length === 0) throw new RangeError('allocate needs at least one ratio');
  for (const ratio of ratios) {
    if (!Number.isSafeInteger(ratio) || ratio < 0) {
      throw new RangeError(`allocate's ratios must be non-negative whole numbers, not ${ratio}`);
    }
  }
  const sum = ratios.reduce((a, b) => a + BigInt(b), 0n);
  if (sum === 0n) throw new RangeError('allocate needs at least one ratio above zero');

  const magnitude = BigInt(Math.abs(total));
  const shares = ratios.map((ratio) => (magnitude * BigInt(ratio)) / sum);
  const remainders = ratios.map((ratio, index) => ({ index, remainder: (magnitude * BigInt(ratio)) % sum }));
  let left = magnitude - shares.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    left -= 1n;
  }
  const sign = total < 0 ? -1 : 1;
  return shares.map((share) => (share === 0n ? 0 : sign * Number(share)));
}

function assertCents(cents: Cents): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`An amount of money must be a whole number of cents, not ${cents}`);
}
