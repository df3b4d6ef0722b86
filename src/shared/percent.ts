import { z } from 'zod/mini';
import { formatPercent, type BasisPoints } from './estimate-totals';

/**
 * Percentages as people type them ("10", "0.9", "7.9 %", ".5") read into whole basis points
 * (1 % = 100), digit by digit like `parseDollars`, so "0.29" is 29 and never 28.999…. Rates and
 * discounts are stored and sent as basis points; a percent exists only as text in a form.
 */

/** The largest share there is: 100 %. */
export const MAX_BASIS_POINTS: BasisPoints = 10_000;

export const PERCENT_MESSAGES = {
  empty: 'Enter a percentage',
  notAPercent: 'Enter a percentage, such as 5 or 0.9',
  tooManyDecimals: 'Enter at most 2 digits after the decimal point',
} as const;

export type ParsedPercent = { ok: true; bp: BasisPoints } | { ok: false; message: string };

// An optional minus, then whole percents with optional decimals, or decimals alone (".5"), and an optional "%".
const PERCENT = /^(-)?\s*(?:(\d+)(?:\.(\d*))?|\.(\d+))\s*%?$/;

/**
 * Reads a typed percentage into basis points. Refuses, with a message for the field: nothing
 * typed, anything that is not a number, and more than 2 decimals. A negative or huge value is read
 * as it is (capped, never rounded), for the field's own range check to refuse in its own words.
 */
export function parsePercent(input: string): ParsedPercent {
  const text = input.trim();
  if (text === '') return { ok: false, message: PERCENT_MESSAGES.empty };
  const match = PERCENT.exec(text);
  if (!match) return { ok: false, message: PERCENT_MESSAGES.notAPercent };
  const [, minus, whole = '', decimals = match[4] ?? ''] = match;
  if (decimals.length > 2) return { ok: false, message: PERCENT_MESSAGES.tooManyDecimals };
  const magnitude = BigInt(`${whole || '0'}${decimals.padEnd(2, '0')}`);
  const bp = magnitude > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(magnitude);
  return { ok: true, bp: minus && bp !== 0 ? -bp : bp };
}

/** A rate as a form field holds it for editing: 500 is "5", 790 is "7.9", 55 is "0.55". */
export const percentToInput = (bp: BasisPoints): string => formatPercent(bp).slice(0, -1);

/** A stored or sent share: whole basis points from 0 to 10000 (100 %), with the field's one message. */
export const basisPointsSchema = (message: string) => z.int({ error: message }).check(z.gte(0, message), z.lte(MAX_BASIS_POINTS, message));

/** A form's percent field: text in, basis points out, refused outside 0 % to 100 % with the field's message. */
export const percentInputSchema = (rangeMessage: string) =>
  z.pipe(
    z.string({ error: PERCENT_MESSAGES.notAPercent }),
    z.transform((input: string, context) => {
      const parsed = parsePercent(input);
      if (!parsed.ok) {
        context.issues.push({ code: 'custom', message: parsed.message, input });
        return z.NEVER;
      }
      if (parsed.bp < 0 || parsed.bp > MAX_BASIS_POINTS) {
        context.issues.push({ code: 'custom', message: rangeMessage, input });
        return z.NEVER;
      }
      return parsed.bp;
    }),
  );
