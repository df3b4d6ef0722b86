import type { Doc } from './document';
import { color } from './palette';
import { text } from './text';

/** A photo as a PDF embeds it: JPEG bytes (pdfkit reads JPEG and PNG, not WebP) and their size in pixels. */
export interface PdfImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * A photo cropped to fill a box with rounded corners, centred; a grey box that says "Photo
 * unavailable" when its file is gone (null), so the document shows a gap instead of failing.
 */
export function drawPhoto(doc: Doc, image: PdfImage | null, x: number, y: number, width: number, height: number): void {
  doc.save();
  doc.roundedRect(x, y, width, height, 5).clip();
  if (image) {
    doc.image(image.data, x, y, { cover: [width, height], align: 'center', valign: 'center' });
  } else {
    doc.rect(x, y, width, height).fill(color.panel);
    text(doc, 'Photo unavailable', x, y + height / 2 - 4, { size: 8, ink: color.muted, width, align: 'center' });
  }
  doc.restore();
}
