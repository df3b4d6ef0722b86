import { color } from './palette';
import { CONTENT_WIDTH, type Doc, MARGIN, PAGE } from './document';
import { rule } from './rule';
import { text } from './text';

/**
 * The running footer below CONTENT_BOTTOM: a rule, what the document is (cut with "…" to one
 * line) and the page number at the right. Drawn from pageFlow's onPage, as the page starts.
 */
export function pageFooter(doc: Doc, label: string, pageNumber: number): void {
  const y = PAGE.height - 40;
  // pdfkit would start a new page for text inside the bottom margin: lifted while drawing.
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  rule(doc, y - 10);
  text(doc, label, MARGIN.left, y, { size: 8, ink: color.muted, width: CONTENT_WIDTH - 60, height: 10, ellipsis: true });
  text(doc, `Page ${pageNumber}`, PAGE.width - MARGIN.right - 60, y, { size: 8, ink: color.muted, width: 60, align: 'right' });
  doc.page.margins.bottom = bottom;
}
