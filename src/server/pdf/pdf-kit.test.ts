import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_BOTTOM, CONTENT_WIDTH, createPdfDocument, type Doc, MARGIN, type NewPage, PAGE, pageFlow } from './document';
import { BOLD } from './fonts';
import { pageFooter } from './footer';
import { continuedPages, keepTogether } from './keep-together';
import { color } from './palette';
import { pill } from './pill';
import { drawTable, TABLE_ROW, tableLeadHeight, tableLeadHeightOf, tableRowHeight } from './table';
import { heading, headingHeight, text } from './text';
import { totalsBlock, totalsHeight } from './totals';

/** A document drawn by `draw` on the kit's pages (each after the first with a footer), as bytes. */
async function renderPdf(draw: (doc: Doc, newPage: NewPage) => void | Promise<void>): Promise<Buffer> {
  const doc = createPdfDocument({ title: 'Kit test', subject: 'The PDF kit' });
  const { newPage } = pageFlow(doc, (pageNumber) => {
    if (pageNumber > 1) pageFooter(doc, 'Lakeshore Lot Care · Kit test', pageNumber);
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  await draw(doc, newPage);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function pdfFile(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pdf-kit-')), 'kit.pdf');
  writeFileSync(file, pdf);
  return file;
}

/** Each page's lines of text as poppler's pdftotext lays them out, indented as on the page. */
function layoutOf(pdf: Buffer): string[][] {
  const pages = execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', pdfFile(pdf), '-'], { encoding: 'utf8' }).split('\f');
  if (pages.at(-1)!.trim() === '') pages.pop();
  return pages.map((page) =>
    page
      .split('\n')
      .map((line) => line.trimEnd())
      .filter(Boolean),
  );
}

/** Each page's words with where they end on the page (pdftotext -bbox), to check alignment. */
function wordsOf(pdf: Buffer): Array<Array<{ word: string; xMax: number }>> {
  const html = execFileSync('pdftotext', ['-enc', 'UTF-8', '-bbox', pdfFile(pdf), '-'], { encoding: 'utf8' });
  return html
    .split('<page ')
    .slice(1)
    .map((page) =>
      [...page.matchAll(/<word [^>]*xMax="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => ({ word: m[2]!, xMax: Number(m[1]) })),
    );
}

/** Where the words that are money ($…) end on a page, rounded to a tenth of a point. */
const moneyEnds = (words: Array<{ word: string; xMax: number }>) =>
  new Set(words.filter(({ word }) => word.startsWith('$')).map(({ xMax }) => Math.round(xMax * 10) / 10));

/** Each page's lines of text, trimmed. */
const pagesOf = (pdf: Buffer) => layoutOf(pdf).map((page) => page.map((line) => line.trim()));

/** qpdf finds no damage in the file's structure. */
const qpdfCheck = (pdf: Buffer) => execFileSync('qpdf', ['--check', pdfFile(pdf)], { encoding: 'utf8' });

/** An estimate's or invoice's lines: a description, a quantity and money, right-aligned. */
const columns = [
  { label: 'DESCRIPTION', width: CONTENT_WIDTH - 3 * 84, strong: true },
  { label: 'QTY', width: 84, align: 'right' as const },
  { label: 'UNIT PRICE', width: 84, align: 'right' as const },
  { label: 'AMOUNT', width: 84, align: 'right' as const },
];
const line = (n: number) => [`Line ${n}: weekly lot sweep`, `${n}`, '$125.00', `$${(125 * n).toLocaleString('en-US')}.00`];

describe('the PDF kit', () => {
  it('draws text as it is spelled, with a "?" for what the typeface lacks, and characters PDF strings escape', async () => {
    const pdf = await renderPdf((doc, newPage) => {
      const y = newPage();
      text(doc, 'Łukasz Wiśniewski (Dvořák) \\ back-slash', MARGIN.left, y, { font: BOLD, size: 12, ink: color.ink });
      text(doc, 'Lot 🚗 north', MARGIN.left, y + 20);
    });
    const [page] = pagesOf(pdf);
    expect(page).toEqual(['Łukasz Wiśniewski (Dvořák) \\ back-slash', 'Lot ? north']);
    expect(qpdfCheck(pdf)).toContain('No syntax or stream encoding errors found');
  });

  it('breaks a long table between rows only and repeats its header on each page, money right-aligned', async () => {
    const rows = Array.from({ length: 70 }, (_, i) => line(i + 1));
    const pdf = await renderPdf((doc, newPage) => {
      let y = heading(doc, 'Estimate', newPage(), 'Prices per visit.');
      y = drawTable(doc, y, { columns, rows }, newPage);
      expect(y).toBeLessThanOrEqual(CONTENT_BOTTOM);
    });
    const pages = pagesOf(pdf);
    expect(pages).toHaveLength(3);
    const found: string[] = [];
    for (const page of pages) {
      // The header comes first on each page (after the heading on the first).
      const header = page.findIndex((text) => /^DESCRIPTION\s+QTY\s+UNIT PRICE\s+AMOUNT$/.test(text));
      expect(header).toBeGreaterThanOrEqual(0);
      expect(page.slice(0, header).every((text) => /^(Estimate|Prices per visit\.)$/.test(text))).toBe(true);
      found.push(...page.filter((text) => text.startsWith('Line ')));
    }
    // Every row once, in order, whole: never split across pages.
    expect(found.map((text) => text.replace(/\s+/g, ' '))).toEqual(rows.map((row) => row.join(' ')));
    // The first page holds what fits under the heading, less a row: (CONTENT_BOTTOM - y) / TABLE_ROW - 1.
    const firstPageRows = Math.floor((CONTENT_BOTTOM - (MARGIN.top + headingHeight('note'))) / TABLE_ROW) - 1;
    expect(pages[0]!.filter((text) => text.startsWith('Line '))).toHaveLength(firstPageRows);
    // Money ends at its column's right edge less the cell's padding, whatever its width: right-aligned.
    const right = PAGE.width - MARGIN.right - 6;
    expect(moneyEnds(wordsOf(pdf)[1]!)).toEqual(new Set([right - 84, right]));
    expect(pages[1]!.at(-1)).toMatch(/^Lakeshore Lot Care · Kit test\s+Page 2$/);
    expect(qpdfCheck(pdf)).toContain('No syntax or stream encoding errors found');
  });

  it('keeps a block together: one that would cross the bottom starts the next page, one that fits stays', async () => {
    const pdf = await renderPdf((doc, newPage) => {
      let y = newPage();
      y = keepTogether(y, 40, newPage);
      expect(y).toBe(MARGIN.top);
      text(doc, 'Fits at the top', MARGIN.left, y);
      y = CONTENT_BOTTOM - 30;
      text(doc, 'Just above the bottom', MARGIN.left, y);
      y = keepTogether(y + 14, 40, newPage);
      expect(y).toBe(MARGIN.top);
      text(doc, 'Moved whole', MARGIN.left, y);
      text(doc, 'with its second line', MARGIN.left, y + 14);
      // A heading stays with its table's first three rows.
      y = keepTogether(CONTENT_BOTTOM - 90, headingHeight() + tableLeadHeight(10), newPage);
      expect(y).toBe(MARGIN.top);
    });
    const pages = pagesOf(pdf);
    expect(pages[0]).toEqual(['Fits at the top', 'Just above the bottom']);
    expect(pages[1]!.slice(0, 2)).toEqual(['Moved whole', 'with its second line']);
    expect(pages).toHaveLength(3);
  });

  it('draws pills right to left and a totals block under a money column', async () => {
    const totals = [
      { label: 'Subtotal', value: '$7,625.00' },
      { label: 'Sales tax (5.5%)', value: '$419.38' },
      { label: 'Total due', value: '$8,044.38', strong: true },
    ];
    const pdf = await renderPdf((doc, newPage) => {
      let y = newPage();
      const right = PAGE.width - MARGIN.right;
      const paid = pill(doc, 'Paid', right, y, { fg: color.leaf600, bg: color.leaf50 });
      const sent = pill(doc, 'Sent', right - paid - 6, y, { fg: color.brand900, bg: color.brand50 });
      expect(paid).toBeGreaterThan(16);
      expect(sent).toBeGreaterThan(16);
      y = drawTable(doc, y + 30, { columns, rows: [line(1), line(60)], boldRows: new Set([1]) }, newPage);
      y = keepTogether(y + 8, totalsHeight(totals), newPage);
      const below = totalsBlock(doc, y, totals);
      expect(below - y).toBeCloseTo(totalsHeight(totals));
    });
    const [page] = pagesOf(pdf);
    expect(page![0]).toMatch(/^Sent\s+Paid$/);
    expect(page!.slice(-3).map((text) => text.replace(/\s+/g, ' '))).toEqual([
      'Subtotal $7,625.00',
      'Sales tax (5.5%) $419.38',
      'Total due $8,044.38',
    ]);
    // The totals' figures end where the AMOUNT column's do (and the UNIT PRICE column's, 84 points left).
    const right = PAGE.width - MARGIN.right - 6;
    expect(moneyEnds(wordsOf(pdf)[0]!)).toEqual(new Set([right - 84, right]));
    expect(qpdfCheck(pdf)).toContain('No syntax or stream encoding errors found');
  });

  it('draws a cell’s detail under it and a tag beside it, grows the row to hold them, and still breaks only between rows', async () => {
    const optional = { label: 'Optional', tone: { fg: color.amber700, bg: color.amber50 } };
    const detailed = (n: number) => [
      {
        text: `Line ${n}: weekly lot sweep`,
        detail: 'Sweep the lot and drive lanes, pick up litter, empty the cart corrals and the receptacles.',
        tag: n % 2 ? optional : undefined,
      },
      `${n}`,
      { text: '$85.00', detail: 'about $739.20 a month' },
      '$85.00',
    ];
    const rows = Array.from({ length: 30 }, (_, i) => detailed(i + 1));
    let rowHeight = 0;
    const pdf = await renderPdf((doc, newPage) => {
      rowHeight = tableRowHeight(doc, columns, rows[0]!);
      // Two lines of 8-point detail under the line: taller than a plain row.
      expect(rowHeight).toBeGreaterThan(TABLE_ROW + 12);
      expect(tableRowHeight(doc, columns, line(1))).toBe(TABLE_ROW);
      expect(tableLeadHeightOf(doc, { columns, rows })).toBeCloseTo(TABLE_ROW + 3 * rowHeight);
      expect(tableLeadHeightOf(doc, { columns, rows: [line(1)] })).toBe(tableLeadHeight(1));
      const y = drawTable(doc, newPage(), { columns, rows, mutedRows: new Set([1]) }, newPage);
      expect(y).toBeLessThanOrEqual(CONTENT_BOTTOM);
    });
    const pages = pagesOf(pdf);
    const perPage = Math.floor((CONTENT_BOTTOM - MARGIN.top - TABLE_ROW) / rowHeight);
    expect(pages).toHaveLength(Math.ceil(30 / perPage));
    const found: string[] = [];
    for (const page of pages) {
      expect(page[0]).toMatch(/^DESCRIPTION\s+QTY\s+UNIT PRICE\s+AMOUNT$/);
      page.forEach((text, index) => {
        if (!text.startsWith('Line ')) return;
        found.push(text.replace(/\s+/g, ' '));
        // Each row's detail follows it on the same page: a row is never split from its detail.
        expect(page[index + 1]).toMatch(/^Sweep the lot and drive lanes, pick up litter, .*\s{2,}about \$739\.20 a/);
      });
    }
    expect(found).toEqual(rows.map((_, i) => `Line ${i + 1}: weekly lot sweep ${(i + 1) % 2 ? 'Optional ' : ''}${i + 1} $85.00 $85.00`));
    expect(qpdfCheck(pdf)).toContain('No syntax or stream encoding errors found');
  });

  it('moves the last row to the next page with the totals that follow it, never the totals alone', async () => {
    const totals = [
      { label: 'Subtotal', value: '$170.00' },
      { label: 'Total', value: '$170.00', strong: true },
    ];
    const pdf = await renderPdf((doc, newPage) => {
      newPage();
      // Room for the header and both rows, not for the totals too.
      // The section's next page starts with its name, "(continued)".
      const continued = continuedPages(doc, 'Harbor View Plaza', newPage);
      const y = drawTable(
        doc,
        CONTENT_BOTTOM - 3 * TABLE_ROW - 4,
        { columns, rows: [line(1), line(2)], keepWithLastRow: totalsHeight(totals) },
        continued,
      );
      totalsBlock(doc, keepTogether(y, totalsHeight(totals), continued), totals);
    });
    const pages = pagesOf(pdf).map((page) => page.map((text) => text.replace(/\s+/g, ' ')));
    expect(pages).toHaveLength(2);
    expect(pages[0]!.slice(-2)).toEqual(['DESCRIPTION QTY UNIT PRICE AMOUNT', 'Line 1: weekly lot sweep 1 $125.00 $125.00']);
    expect(pages[1]!.slice(0, 5)).toEqual([
      'Harbor View Plaza (continued)',
      'DESCRIPTION QTY UNIT PRICE AMOUNT',
      'Line 2: weekly lot sweep 2 $125.00 $250.00',
      'Subtotal $170.00',
      'Total $170.00',
    ]);
  });

  it('widens a totals block for long labels, its figures still under the money column', async () => {
    const totals = [
      { label: 'Sales tax (City of Milwaukee, 7.9%)', value: '$20.61' },
      { label: 'About a month, tax included', value: '$1,020.70', strong: true },
    ];
    const pdf = await renderPdf((doc, newPage) => {
      const y = drawTable(doc, newPage(), { columns, rows: [line(1)] }, newPage);
      totalsBlock(doc, y + 8, totals, { width: 320 });
    });
    const [page] = pagesOf(pdf);
    // Not cut with "…": the labels are whole.
    expect(page!.slice(-2).map((text) => text.replace(/\s+/g, ' '))).toEqual([
      'Sales tax (City of Milwaukee, 7.9%) $20.61',
      'About a month, tax included $1,020.70',
    ]);
    const right = PAGE.width - MARGIN.right - 6;
    expect(moneyEnds(wordsOf(pdf)[0]!)).toEqual(new Set([right - 84, right]));
  });
});
