import { CONTENT_BOTTOM, type Doc, MARGIN, type NewPage } from './document';
import { continuedPages, keepTogether } from './keep-together';
import { drawTable, type Table, tableLeadHeightOf } from './table';
import { heading, headingHeight } from './text';

/** One section of a titled run (a property on an estimate or an invoice): its heading, its table, and what follows the table. */
export interface TableSection {
  /** Named at the top of each page the table runs onto: "<name> (continued)". */
  name: string;
  /** The heading's height; `drawHead` draws it at y and answers the y below it. */
  headHeight: number;
  drawHead: (y: number) => number;
  table: Table;
  /** What follows the table (its totals), which goes over with the table's last row; `drawTail` draws it. */
  tailHeight: number;
  drawTail: (y: number) => number;
}

/** A page's room for content. */
const PAGE_ROOM = CONTENT_BOTTOM - MARGIN.top;

/**
 * A titled run of sections, each a heading, a table and its tail, laid out so that it reads well
 * across pages: the title stays with the first section's start; a section is read on one page when
 * it fits on one and the page has little room left; otherwise its heading stays with its table's
 * header and first rows (a heading never sits alone at a page's foot), a table that runs on names its
 * section on the next page, and the tail goes over with the last row. Answers the y below the run.
 */
export function drawSections(
  doc: Doc,
  y: number,
  newPage: NewPage,
  run: { title: string; note: string; sections: TableSection[] },
): number {
  const sections = run.sections.map((section) => ({
    section,
    whole: section.headHeight + tableLeadHeightOf(doc, section.table, section.table.rows.length) + section.tailHeight,
    lead: section.headHeight + tableLeadHeightOf(doc, section.table),
  }));
  const keptBelow = (at: number, { whole, lead }: (typeof sections)[number]) =>
    whole <= PAGE_ROOM && (at + whole <= CONTENT_BOTTOM || CONTENT_BOTTOM - at < PAGE_ROOM * 0.4) ? whole : lead;
  const titleHeight = headingHeight(run.note);
  y = keepTogether(y, titleHeight + (sections[0] ? keptBelow(y + titleHeight, sections[0]) : 0), newPage);
  y = heading(doc, run.title, y, run.note);
  for (const entry of sections) {
    const { section } = entry;
    y = keepTogether(y, keptBelow(y, entry), newPage);
    y = section.drawHead(y);
    const continued = continuedPages(doc, section.name, newPage);
    section.table.keepWithLastRow = section.tailHeight;
    y = drawTable(doc, y, section.table, continued);
    y = keepTogether(y, section.tailHeight, continued) + 10;
    y = section.drawTail(y);
  }
  return y;
}
