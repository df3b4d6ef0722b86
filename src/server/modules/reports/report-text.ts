import { clockText, minutesText, timeOfDayText } from '../../../shared/local-dates';

/**
 * The report's words for times and durations, and text made safe for the PDF's standard
 * fonts. Kept apart from the drawing so the tests can say what the PDF must contain.
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

/** The characters Windows-1252 adds to Latin-1: what the PDF's standard fonts can show beyond it. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const FALLBACKS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ø: 'O', ø: 'o' };

const showable = (char: string) => {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
};

/**
 * Text the standard PDF fonts (Helvetica, in Windows-1252) can draw: Latin-1 and the usual
 * punctuation as they are, other accented letters without their accents (Ł as L), line
 * breaks kept, anything else (emoji, other scripts) as "?". Names stay readable, and no
 * character silently disappears.
 */
export function pdfText(text: string): string {
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n')) {
    if (char === '\n' || showable(char)) out += char;
    else if (FALLBACKS[char]) out += FALLBACKS[char];
    else {
      const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += bare && [...bare].every(showable) ? bare : '?';
    }
  }
  return out;
}
