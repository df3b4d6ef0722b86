import { clockText, minutesText, timeOfDayText } from '../../../shared/local-dates';

/**
 * The report's words for times and durations, kept apart from the drawing so the tests can say what the PDF must contain.
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
