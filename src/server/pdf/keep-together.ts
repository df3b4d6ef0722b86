import { BOLD } from './fonts';
import { CONTENT_BOTTOM, CONTENT_WIDTH, type Doc, MARGIN, type NewPage } from './document';
import { color } from './palette';
import { text } from './text';

/**
 * Where a block of this height starts so that it is not split: at y when it fits above
 * CONTENT_BOTTOM, else at the top of a new page. A block taller than a page still starts on a
 * page of its own. Measure the block (text.ts: heightOf) before drawing it.
 */
export function keepTogether(y: number, height: number, newPage: NewPage): number {
  return y + height > CONTENT_BOTTOM ? newPage() : y;
}

/**
 * A page flow for a section that may run onto the next page: each new page starts with the
 * section's name and "(continued)" in the brand colour, and content goes below it.
 */
export function continuedPages(doc: Doc, name: string, newPage: NewPage): NewPage {
  return () =>
    text(doc, `${name} (continued)`, MARGIN.left, newPage(), {
      font: BOLD,
      size: 9.5,
      ink: color.brand700,
      width: CONTENT_WIDTH,
      height: 12,
      ellipsis: true,
    }) + 8;
}
