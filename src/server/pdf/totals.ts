import { color } from './palette';
import { BOLD, FONT } from './fonts';
import { type Doc, MARGIN, PAGE } from './document';
import { text } from './text';

export interface TotalLine {
  /** "Subtotal", "Tax (5.6%)", "Total due". */
  label: string;
  /** The figure, already formatted (shared/money.ts for money). */
  value: string;
  /** The line that answers the question (the total): larger, bold, ruled above. */
  strong?: boolean;
}

const LINE = 16;
const STRONG_LINE = 24;
/** The block's width at the right of the content, label and value. */
export const TOTALS_WIDTH = 240;

/** The height `totalsBlock` takes for these lines, to keep it together (keep-together.ts). */
export const totalsHeight = (lines: TotalLine[]) => lines.reduce((sum, line) => sum + (line.strong ? STRONG_LINE : LINE), 0);

/**
 * Totals under a table, aligned with its right edge: each line's label and its value right-aligned
 * (so the figures line up with a money column above). `width` widens the block for longer labels
 * ("Sales tax (City of Milwaukee, 7.9%)"); the values keep their 120 points. Returns the y below.
 */
export function totalsBlock(doc: Doc, y: number, lines: TotalLine[], { width = TOTALS_WIDTH } = {}): number {
  const right = PAGE.width - MARGIN.right;
  const left = right - width;
  const valueWidth = Math.min(TOTALS_WIDTH / 2, width / 2);
  for (const line of lines) {
    const size = line.strong ? 11 : 9.5;
    const font = line.strong ? BOLD : FONT;
    if (line.strong) {
      doc
        .moveTo(left, y + 3)
        .lineTo(right, y + 3)
        .lineWidth(0.75)
        .strokeColor(color.ink)
        .stroke();
      y += 8;
    }
    text(doc, line.label, left, y, {
      font,
      size,
      ink: line.strong ? color.ink : color.body,
      width: width - valueWidth,
      height: size + 3,
      ellipsis: true,
    });
    // Money column cells sit 6 points in from the column's edge (table.ts): the totals too.
    text(doc, line.value, right - valueWidth - 6, y, {
      font,
      size,
      ink: color.ink,
      width: valueWidth,
      align: 'right',
      height: size + 3,
      ellipsis: true,
    });
    y += line.strong ? STRONG_LINE - 8 : LINE;
  }
  return y;
}
