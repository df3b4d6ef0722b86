import { BOLD, pdfText } from './fonts';
import type { Doc } from './document';
import type { Tone } from './palette';

/** A pill's height, in points. */
export const PILL_HEIGHT = 17;
/** A small pill's height: one that sits in a table row beside its text (table.ts: a cell's tag). */
export const SMALL_PILL_HEIGHT = 12;

/**
 * A rounded label (a status, "Paid", "Verified on site"), its right edge at `right`, its top at
 * y: pills are laid right to left, each beside the last. `small` draws it in a table row's
 * height. Returns its width.
 */
export function pill(doc: Doc, label: string, right: number, y: number, tone: Tone, { small = false } = {}): number {
  const [height, size, padding] = small ? [SMALL_PILL_HEIGHT, 6.5, 10] : [PILL_HEIGHT, 8.5, 16];
  doc.font(BOLD).fontSize(size);
  const width = doc.widthOfString(pdfText(label)) + padding;
  doc
    .roundedRect(right - width, y, width, height, height / 2)
    .fill(tone.bg)
    .fillColor(tone.fg)
    .text(pdfText(label), right - width, y + (small ? 3.3 : 4.6), { width, align: 'center', lineBreak: false });
  return width;
}
