import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** An image a PDF holds, as poppler's `pdfimages -list` reads it. */
export interface PdfImageRow {
  page: number;
  /** "image" for a picture drawn on the page ("smask" for a transparency mask). */
  type: string;
  width: number;
  height: number;
  /** "jpeg" for a DCT-encoded image. */
  encoding: string;
}

/** The images in a PDF (a file, or its bytes), one row each, from `pdfimages -list` (poppler-utils). */
export function pdfImages(pdf: string | Buffer): PdfImageRow[] {
  let file = pdf;
  if (Buffer.isBuffer(pdf)) {
    file = path.join(mkdtempSync(path.join(tmpdir(), 'pdf-images-')), 'document.pdf');
    writeFileSync(file, pdf);
  }
  return execFileSync('pdfimages', ['-list', file as string], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .slice(2) // the column names and the rule under them
    .map((row) => {
      const [page, , type, width, height, , , , encoding] = row.trim().split(/\s+/);
      return { page: Number(page), type: type!, width: Number(width), height: Number(height), encoding: encoding! };
    });
}
