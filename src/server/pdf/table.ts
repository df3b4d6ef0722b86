import { color } from './palette';
import { BOLD, FONT } from './fonts';
import { CONTENT_BOTTOM, CONTENT_WIDTH, type Doc, MARGIN, type NewPage } from './document';
import { rule } from './rule';
import { text } from './text';

/** A table's row height, the header's too: one line of 9.5-point text. */
export const TABLE_ROW = 20;

export interface TableColumn {
  /** The header's words (the house style writes them in capitals). */
  label: string;
  /** Points; a table's columns add up to CONTENT_WIDTH. */
  width: number;
  /** 'right' for figures and money, so their digits line up. */
  align?: 'left' | 'right';
  /** Bold, in ink: the column that names the row (a property, a line item). */
  strong?: boolean;
}

export interface Table {
  columns: TableColumn[];
  /** One string per column; a cell too long for its column is cut with "…". */
  rows: string[][];
  /** Rows drawn bold (by index in `rows`), such as a subtotal. */
  boldRows?: ReadonlySet<number>;
}

function headerRow(doc: Doc, y: number, columns: TableColumn[]) {
  doc.rect(MARGIN.left, y, CONTENT_WIDTH, TABLE_ROW).fill(color.brand50);
  let x = MARGIN.left;
  for (const column of columns) {
    text(doc, column.label, x + 6, y + 7, {
      font: BOLD,
      size: 7.5,
      ink: color.brand900,
      width: column.width - 12,
      height: 10,
      align: column.align ?? 'left',
    });
    x += column.width;
  }
  return y + TABLE_ROW;
}

function bodyRow(doc: Doc, y: number, columns: TableColumn[], row: string[], bold: boolean) {
  let x = MARGIN.left;
  row.forEach((cell, index) => {
    const column = columns[index]!;
    text(doc, cell, x + 6, y + 6, {
      font: bold || column.strong ? BOLD : FONT,
      size: 9.5,
      ink: column.strong ? color.ink : color.body,
      width: column.width - 12,
      align: column.align ?? 'left',
      height: 12,
      ellipsis: true,
    });
    x += column.width;
  });
  y += TABLE_ROW;
  rule(doc, y);
  return y;
}

/**
 * A table across the content width from y: a shaded header row, then the rows, each ruled
 * below. It breaks only between rows: when the next row would cross CONTENT_BOTTOM it starts a
 * new page and repeats the header there, and each page gets at least one row. Returns the y
 * below the last row. Keep a heading with the first rows with keepTogether(y, heading +
 * tableLeadHeight(rows.length), newPage).
 */
export function drawTable(doc: Doc, y: number, table: Table, newPage: NewPage): number {
  const { columns, rows, boldRows = new Set<number>() } = table;
  if (!rows.length) return headerRow(doc, y, columns);
  for (let start = 0; start < rows.length;) {
    const fits = Math.max(1, Math.floor((CONTENT_BOTTOM - y) / TABLE_ROW) - 1);
    y = headerRow(doc, y, columns);
    rows.slice(start, start + fits).forEach((row, index) => (y = bodyRow(doc, y, columns, row, boldRows.has(start + index))));
    start += fits;
    if (start < rows.length) y = newPage();
  }
  return y;
}

/** The height of a table's header and its first rows (three at most): what should stay with its heading. */
export const tableLeadHeight = (rowCount: number, rowsKept = 3) => TABLE_ROW * (1 + Math.min(rowCount, rowsKept));
