import { color } from './palette';
import { BOLD, FONT, pdfText } from './fonts';
import { CONTENT_WIDTH, type Doc, MARGIN } from './document';

export type TextOptions = PDFKit.Mixins.TextOptions & {
  /** FONT (default) or BOLD. */
  font?: string;
  /** Points; 10 by default. */
  size?: number;
  /** The colour; the palette's body grey by default. */
  ink?: string;
};

/**
 * Text at a point, made drawable (fonts.ts: pdfText), in a font, size and colour. On one line
 * unless given a width, then wrapped (with `height` and `ellipsis`, cut to that height with "…").
 * Returns the y below it.
 */
export function text(doc: Doc, value: string, x: number, y: number, options: TextOptions = {}): number {
  const { font = FONT, size = 10, ink = color.body, ...rest } = options;
  doc
    .font(font)
    .fontSize(size)
    .fillColor(ink)
    .text(pdfText(value), x, y, { lineBreak: rest.width !== undefined, ...rest });
  return doc.y;
}

/** The height `text` takes for this value wrapped at `width`, to decide before drawing whether a block fits. */
export function heightOf(doc: Doc, value: string, width: number, font = FONT, size = 10, lineGap = 0): number {
  return doc.font(font).fontSize(size).heightOfString(pdfText(value), { width, lineGap });
}

/** The width of one line of this value. */
export function widthOf(doc: Doc, value: string, font = FONT, size = 10): number {
  return doc.font(font).fontSize(size).widthOfString(pdfText(value));
}

/** A section's title at the left margin, with an optional note under it. Returns the y below. */
export function heading(doc: Doc, title: string, y: number, note?: string): number {
  text(doc, title, MARGIN.left, y, { font: BOLD, size: 18, ink: color.ink });
  if (note) text(doc, note, MARGIN.left, y + 24, { size: 10, ink: color.muted, width: CONTENT_WIDTH });
  return y + (note ? 46 : 30);
}

/** How much room `heading` takes. */
export const headingHeight = (note?: string) => (note ? 46 : 30);
