import { color, type Tone } from './palette';
import { BOLD, FONT } from './fonts';
import { CONTENT_BOTTOM, CONTENT_WIDTH, type Doc, MARGIN, type NewPage } from './document';
import { pill } from './pill';
import { rule } from './rule';
import { heightOf, text } from './text';

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

/** A cell with more than its one line: a detail under it, a tag beside it. */
export interface TableCell {
  text: string;
  /** Smaller, muted text under the cell's line (a line item's description), wrapped in the column; the row grows to hold it. */
  detail?: string;
  /** A small pill at the cell's right edge ("Optional", "Accepted"); the text is cut to leave it room. */
  tag?: { label: string; tone: Tone };
}

export interface Table {
  columns: TableColumn[];
  /** One cell per column; a cell's line too long for its column is cut with "…". */
  rows: Array<Array<string | TableCell>>;
  /** Rows drawn bold (by index in `rows`), such as a subtotal. */
  boldRows?: ReadonlySet<number>;
  /** Rows drawn in the muted grey (by index in `rows`), such as an option not chosen. */
  mutedRows?: ReadonlySet<number>;
  /**
   * Room the block after the table needs (its totals, measured with totalsHeight): the last row
   * moves to the next page with it rather than leave it alone at the top of one.
   */
  keepWithLastRow?: number;
}

const DETAIL_SIZE = 8;
/** Where a detail starts below the row's top: under the cell's line. */
const DETAIL_TOP = 19;

const cellOf = (cell: string | TableCell): TableCell => (typeof cell === 'string' ? { text: cell } : cell);

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

/** A row's height: one line, or the line and the tallest detail under it. */
export function tableRowHeight(doc: Doc, columns: TableColumn[], row: Table['rows'][number]): number {
  const details = row.map((cell, index) => {
    const { detail } = cellOf(cell);
    return detail ? heightOf(doc, detail, columns[index]!.width - 12, FONT, DETAIL_SIZE) : 0;
  });
  const tallest = Math.max(0, ...details);
  return tallest ? Math.max(TABLE_ROW, DETAIL_TOP + tallest + 6) : TABLE_ROW;
}

function bodyRow(doc: Doc, y: number, columns: TableColumn[], row: Table['rows'][number], style: { bold: boolean; muted: boolean }) {
  const height = tableRowHeight(doc, columns, row);
  let x = MARGIN.left;
  row.forEach((value, index) => {
    const column = columns[index]!;
    const cell = cellOf(value);
    const align = column.align ?? 'left';
    let width = column.width - 12;
    if (cell.tag) width -= pill(doc, cell.tag.label, x + column.width - 6, y + 4, cell.tag.tone, { small: true }) + 6;
    text(doc, cell.text, x + 6, y + 6, {
      font: style.bold || column.strong ? BOLD : FONT,
      size: 9.5,
      ink: style.muted ? color.muted : column.strong ? color.ink : color.body,
      width,
      align,
      height: 12,
      ellipsis: true,
    });
    if (cell.detail) {
      text(doc, cell.detail, x + 6, y + DETAIL_TOP, { size: DETAIL_SIZE, ink: color.muted, width: column.width - 12, align, lineGap: 0 });
    }
    x += column.width;
  });
  y += height;
  rule(doc, y);
  return y;
}

/**
 * A table across the content width from y: a shaded header row, then the rows, each ruled
 * below (a row with a detail is as tall as its detail needs). It breaks only between rows: when
 * the next row would cross CONTENT_BOTTOM it starts a new page and repeats the header there, and
 * each page gets at least one row (the last row goes over with `keepWithLastRow`). Returns the y below the last row. Keep a heading with the
 * first rows with keepTogether(y, heading + tableLeadHeight(rows.length), newPage), or
 * tableLeadHeightOf(doc, table) when rows have details.
 */
export function drawTable(doc: Doc, y: number, table: Table, newPage: NewPage): number {
  const { columns, rows, boldRows = new Set<number>(), mutedRows = new Set<number>(), keepWithLastRow = 0 } = table;
  y = headerRow(doc, y, columns);
  let onPage = 0;
  rows.forEach((row, index) => {
    const after = index === rows.length - 1 ? keepWithLastRow : 0;
    if (onPage > 0 && y + tableRowHeight(doc, columns, row) + after > CONTENT_BOTTOM) {
      y = headerRow(doc, newPage(), columns);
      onPage = 0;
    }
    y = bodyRow(doc, y, columns, row, { bold: boldRows.has(index), muted: mutedRows.has(index) });
    onPage += 1;
  });
  return y;
}

/** The height of a table's header and its first rows (three at most): what should stay with its heading. */
export const tableLeadHeight = (rowCount: number, rowsKept = 3) => TABLE_ROW * (1 + Math.min(rowCount, rowsKept));

/** The same for a table whose rows may have details: the header and the first rows as drawn. */
export const tableLeadHeightOf = (doc: Doc, table: Table, rowsKept = 3) =>
  TABLE_ROW + table.rows.slice(0, rowsKept).reduce((sum, row) => sum + tableRowHeight(doc, table.columns, row), 0);
