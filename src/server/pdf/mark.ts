import { color } from './palette';
import type { Doc } from './document';

/** The company's mark: a rounded square with a swept lot's lines, drawn, not an image. */
export function companyMark(doc: Doc, x: number, y: number, size: number): void {
  doc.roundedRect(x, y, size, size, size * 0.22).fill('#ffffff');
  const step = size / 5;
  for (let i = 1; i <= 3; i++) {
    doc
      .moveTo(x + step * i + step * 0.2, y + size * 0.25)
      .lineTo(x + step * i - step * 0.2, y + size * 0.75)
      .lineWidth(size * 0.08)
      .lineCap('round')
      .strokeColor(color.brand700)
      .stroke();
  }
  doc.lineCap('butt');
}

/** A 9-point check box, ticked or empty (vector: no font is needed for the check mark). */
export function checkBox(doc: Doc, x: number, y: number, done: boolean): void {
  if (done) {
    doc.roundedRect(x, y, 9, 9, 2).fill(color.leaf600);
    doc
      .moveTo(x + 2.2, y + 4.7)
      .lineTo(x + 3.9, y + 6.5)
      .lineTo(x + 7, y + 2.6)
      .lineWidth(1.3)
      .strokeColor('#ffffff')
      .stroke();
  } else {
    doc
      .roundedRect(x + 0.4, y + 0.4, 8.2, 8.2, 2)
      .lineWidth(0.8)
      .strokeColor(color.muted)
      .stroke();
  }
}
