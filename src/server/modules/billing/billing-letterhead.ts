import { company } from '../../../shared/company';
import { createPdfDocument, type Doc, MARGIN, PAGE, pageFlow, type NewPage } from '../../pdf/document';
import { BOLD } from '../../pdf/fonts';
import { pageFooter } from '../../pdf/footer';
import { companyMark } from '../../pdf/mark';
import { color, type Tone } from '../../pdf/palette';
import { pill } from '../../pdf/pill';
import { text } from '../../pdf/text';

/*
 * What every billing document opens with (issue 25): the invoice, the credit note and the
 * statement of account share the company's band (name, tagline, address, phone, e-mail and
 * website), a small heading over the document's title, and a status pill at the right.
 */

/** The band's height: the first page's content starts below it. */
export const BAND = 168;

export interface Letterhead {
  /** "INVOICE FOR OCTOBER 2026", over the title. */
  kicker: string;
  /** "Invoice 2026-00001", "Credit note CN-2026-00001". */
  title: string;
  /** The app's address, printed as the company's website. */
  appUrl: string;
  status?: { label: string; tone: Tone };
}

/** The company's mailing address on one line, where checks go: "2210 S. 1st Street, Milwaukee, WI 53204". */
export const mailingAddressText = () =>
  `${company.address.streetAddress}, ${company.address.locality}, ${company.address.region} ${company.address.postalCode}`;

/** Draws the band at the top of the first page; returns the y below it. */
export function drawLetterhead(doc: Doc, head: Letterhead): number {
  const right = PAGE.width - MARGIN.right;
  doc.rect(0, 0, PAGE.width, BAND).fill(color.brand900);
  doc.rect(0, BAND, PAGE.width, 5).fill(color.brand700);
  companyMark(doc, MARGIN.left, 36, 38);
  text(doc, company.name, MARGIN.left + 50, 36, { font: BOLD, size: 20, ink: '#ffffff' });
  text(doc, company.tagline, MARGIN.left + 50, 61, { size: 10, ink: color.brand200 });
  const details = [mailingAddressText(), company.phone.display, company.supportEmail, new URL(head.appUrl).host];
  details.forEach((line, index) =>
    text(doc, line, right - 230, 36 + index * 13, { size: 8.5, ink: index === 0 ? '#ffffff' : color.brand200, width: 230, align: 'right' }),
  );
  text(doc, head.kicker.toUpperCase(), MARGIN.left, 100, { font: BOLD, size: 9, ink: color.brand200 });
  text(doc, head.title, MARGIN.left, 113, { font: BOLD, size: 28, ink: '#ffffff' });
  if (head.status) pill(doc, head.status.label, right, 121, head.status.tone);
  return BAND + 5;
}

/**
 * A billing document drawn into memory: `draw` lays out its pages from the first page's top (the
 * footer, with its label and page number, goes on each); resolves to the PDF's bytes.
 */
export async function renderBillingPdf(
  info: { title: string; subject: string; footer: string },
  draw: (doc: Doc, newPage: NewPage) => void,
): Promise<Buffer> {
  const doc = createPdfDocument({ title: info.title, subject: info.subject });
  const { newPage } = pageFlow(doc, (pageNumber) => pageFooter(doc, info.footer, pageNumber));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  try {
    newPage();
    draw(doc, newPage);
  } catch (error) {
    doc.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** A customer's name as a file name's part: "Harbor-Retail-Group" (accents dropped, at most 50 characters). */
export const fileSlug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50);
