import { CONTENT_BOTTOM, type NewPage } from './document';

/**
 * Where a block of this height starts so that it is not split: at y when it fits above
 * CONTENT_BOTTOM, else at the top of a new page. A block taller than a page still starts on a
 * page of its own. Measure the block (text.ts: heightOf) before drawing it.
 */
export function keepTogether(y: number, height: number, newPage: NewPage): number {
  return y + height > CONTENT_BOTTOM ? newPage() : y;
}
