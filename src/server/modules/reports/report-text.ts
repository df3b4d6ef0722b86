import { clockText, minutesText, timeOfDayText } from '../../../shared/local-dates';
import { reportFonts } from './report-fonts';

/**
 * The report's words for times and durations, and text made safe for the report's typeface. Kept apart from the drawing so the tests can say what the PDF must contain.
 */

/** An instant as a local clock time: "6:12 AM". */
export const clockTime = (instant: Date) => timeOfDayText(instant);

/** A window in words, tight for the PDF's table: "6:00 AM–10:00 AM", or "Anytime that day". */
export const windowText = (window: { from: string; to: string } | null) =>
  window ? `${clockText(window.from)}–${clockText(window.to)}` : 'Anytime that day';

/** Minutes on site, in words: "53 min", "1 h 05 min". */
export const durationText = (from: Date, to: Date) => minutesText(Math.max(0, Math.round((to.getTime() - from.getTime()) / 60_000)));

/** A share as a whole percentage: "94%"; an em dash when there is nothing to share. */
export const percentText = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

/**
 * Text the report's typeface can draw (report-fonts.ts): every letter it has as it is, line
 * breaks kept; a letter it lacks without its accent when the bare letter is there, anything
 * else (emoji, scripts it does not cover) as "?". No character silently disappears.
 */
export function pdfText(text: string): string {
  const { draws } = reportFonts();
  const showable = (char: string) => draws(char.codePointAt(0)!);
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n')) {
    if (char === '\n' || showable(char)) out += char;
    else {
      const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += bare && [...bare].every(showable) ? bare : '?';
    }
  }
  return out;
}
