import { color } from './palette';
import { type Doc, MARGIN, PAGE } from './document';

/** A hairline across the content width, at y. */
export function rule(doc: Doc, y: number, weight = 0.5): void {
  doc
    .moveTo(MARGIN.left, y)
    .lineTo(PAGE.width - MARGIN.right, y)
    .lineWidth(weight)
    .strokeColor(color.rule)
    .stroke();
}
