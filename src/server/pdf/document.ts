import PDFDocument from 'pdfkit';
import { company } from '../../shared/company';
import { BOLD, FONT, pdfFonts, pdfText } from './fonts';

/*
 * A US Letter document in the house style: its page and margins, the embedded fonts, and the
 * page flow every drawing helper in this folder works with. Drawing is by absolute position: a
 * helper takes the y to start at and returns the y below what it drew; a block that would cross
 * CONTENT_BOTTOM starts a new page (keep-together.ts). See src/server/pdf/README.md.
 */

export type Doc = PDFKit.PDFDocument;

export const PAGE = { width: 612, height: 792 };
export const MARGIN = { left: 54, right: 54, top: 50, bottom: 58 };
export const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
/** The last y a block may reach; the footer (footer.ts) sits below it. */
export const CONTENT_BOTTOM = PAGE.height - MARGIN.bottom;

export interface DocumentInfo {
  /** Shown as the window's title (displayTitle). */
  title: string;
  subject: string;
}

/**
 * A new document with Inter registered as FONT and BOLD. It is a Node stream: pages leave as they
 * are drawn (no page buffering), and none exists until the first `newPage()` of `pageFlow`.
 */
export function createPdfDocument(info: DocumentInfo): Doc {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: MARGIN,
    autoFirstPage: false,
    bufferPages: false,
    displayTitle: true,
    lang: 'en-US',
    info: {
      Title: pdfText(info.title),
      Author: company.name,
      Subject: pdfText(info.subject),
      Creator: company.name,
    },
  });
  const fonts = pdfFonts();
  doc.registerFont(FONT, fonts.regular);
  doc.registerFont(BOLD, fonts.bold);
  return doc;
}

/** Starts a page and returns the y its content starts at. */
export type NewPage = () => number;

/**
 * The document's pages: `newPage()` adds one, numbers it (from 1) and calls `onPage` with the
 * number, where a document draws its running footer (footer.ts) or header.
 */
export function pageFlow(doc: Doc, onPage: (pageNumber: number) => void = () => {}): { newPage: NewPage; pageCount(): number } {
  let pages = 0;
  return {
    newPage() {
      doc.addPage();
      pages += 1;
      onPage(pages);
      return MARGIN.top;
    },
    pageCount: () => pages,
  };
}
