import { BOLD, pdfText } from './fonts';
import type { Doc } from './document';
import type { Tone } from './palette';

/** A pill's height, in points. */
export const PILL_HEIGHT = 17;

/**
 * A rounded label (a status, "Paid", "Verified on site"), its right edge at `right`, its top at
 * y: pills are laid right to left, each beside the last. Returns its width.
 */
export function pill(doc: Doc, label: string, right: number, y: number, tone: Tone): number {
  doc.font(BOLD).fontSize(8.5);
  const width = doc.widthOfString(pdfText(label)) + 16;
  doc
    .roundedRect(right - width, y, width, PILL_HEIGHT, PILL_HEIGHT / 2)
    .fill(tone.bg)
    .fillColor(tone.fg)
    .text(pdfText(label), right - width, y + 4.6, { width, align: 'center', lineBreak: false });
  return width;
}
