import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { properties, siteIssues, visits } from '../db/schema';
import { addPhoto } from '../modules/photos/add-photo';
import { localToday } from '../../shared/local-dates';
import { testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { makeJpeg } from '#test/fixtures';
import { createTestVisit, lastMonth } from '#test/visits';

/** The PDF written to a temporary file, for poppler's and qpdf's command-line tools. `REPORT_LAYOUT_OUT` keeps a copy to look at. */
function pdfFile(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'report-layout-')), 'report.pdf');
  writeFileSync(file, pdf);
  if (process.env.REPORT_LAYOUT_OUT) writeFileSync(process.env.REPORT_LAYOUT_OUT, pdf);
  return file;
}

/** Each page's lines of text (pdftotext separates pages with a form feed), without the running footer. */
function pageLines(file: string): string[][] {
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', file, '-'], { encoding: 'utf8' });
  const pages = text.split('\f');
  if (pages.at(-1)!.trim() === '') pages.pop();
  return pages.map((page) =>
    page
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !/^Lakeshore Lot Care · Service report · .*Page \d+$/.test(line)),
  );
}

const pageCount = (file: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);

describe.each(testDatabases)('the monthly report’s layout for a customer of many properties on %s', (kind) => {
  const t = testAppFor(kind);
  const today = localToday();
  const { month, day, at } = lastMonth(today);

  /** Customer A with 12 properties (its own Plaza A and 11 more), each visited weekly; some visits with photos, one skipped, one missed, one issue. */
  async function seedTwelveProperties() {
    const db = t.app.db;
    const streets = ['Bluemound Rd', 'Capitol Dr', 'Greenfield Ave', 'Moorland Rd', 'Layton Ave', 'Good Hope Rd'];
    const rows = await db
      .insert(properties)
      .values(
        Array.from({ length: 11 }, (_, i) => ({
          customerId: t.fixture.customerA.id,
          name: `${['Brookfield', 'Wauwatosa', 'Greenfield', 'New Berlin', 'Oak Creek', 'Menomonee Falls'][i % 6]} ${i < 6 ? 'Square' : 'Commons'}`,
          address: `${1200 + i * 35} ${streets[i % 6]}`,
          city: 'Milwaukee',
          state: 'WI',
          zipCode: '53222',
          propertyType: 'Retail Center',
        })),
      )
      .returning({ id: properties.id });
    const ids = [t.fixture.customerA.propertyId, ...rows.map((row) => row.id)];
    let n = 0;
    for (const [index, propertyId] of ids.entries()) {
      for (const date of [2, 9, 16, 23].map((d) => day(d + (index % 3)))) {
        const visit = await createTestVisit(db, { propertyId, scheduledDate: date, window: { from: '06:00', to: '10:00' } });
        const d = Number(date.slice(8));
        n += 1;
        if (n === 7) await db.update(visits).set({ status: 'skipped', skipReason: 'weather' }).where(eq(visits.id, visit.id));
        else if (n === 19) await db.update(visits).set({ status: 'missed' }).where(eq(visits.id, visit.id));
        else {
          await db
            .update(visits)
            .set({
              status: 'completed',
              checkedInAt: at(d, 6, 10 + (n % 40)),
              checkedOutAt: at(d, 7, 5),
              checkInLocationStatus: 'verified',
            })
            .where(eq(visits.id, visit.id));
        }
        if (n === 11) {
          await db.insert(siteIssues).values({ visitId: visit.id, issueType: 'graffiti', note: 'Tagging on the loading dock wall' });
        }
        if (n % 5 === 0) {
          for (const photoType of ['before', 'after'] as const) {
            await addPhoto(db, t.app.photoStorage, {
              propertyId,
              visitId: visit.id,
              data: await makeJpeg({ width: 480, height: 320, color: photoType === 'before' ? '#7c3aed' : '#0891b2' }),
              caption: '',
              photoType,
            });
          }
        }
      }
    }
    return ids;
  }

  it('lays a 12-property customer report out with no near-empty page, the summary table split only between rows', async () => {
    await seedTwelveProperties();
    const response = await t.app.inject({ url: `/api/customer/reports/${month}.pdf`, headers: t.as('customerA') });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const file = pdfFile(response.rawPayload);
    // A well-formed file: qpdf finds no damage in its structure.
    expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toContain('No syntax or stream encoding errors found');

    const pages = pageLines(file);
    expect(pages.length).toBe(pageCount(file));
    pages.slice(0, -1).forEach((lines, index) => {
      expect(lines.length, `page ${index + 1} holds only: ${lines.join(' | ')}`).toBeGreaterThanOrEqual(8);
    });
    // The cover stays one page: the introduction and the contact lines are on page 1.
    const cover = pages[0]!.join(' ');
    expect(cover).toContain('PROPERTIES (12)');
    expect(cover).toContain('Questions about a visit?');
    expect(cover).toMatch(/visits completed/);
    // Every property is a row of the summary table, and each one's section begins with its name and address.
    const all = pages.map((lines) => lines.join('\n')).join('\n');
    expect(
      all.match(
        /^(Brookfield|Wauwatosa|Greenfield|New Berlin|Oak Creek|Menomonee Falls|Plaza A)\b.*\s\d+\s+\d+\s+\d+\s+\d+\s+\S+\s+\d+$/gm,
      ),
    ).toHaveLength(12);
    expect(all.match(/^\d+ \w.*, Milwaukee, WI 53222$|^200 Oak Ave, West Allis, WI 53214$/gm)?.length).toBeGreaterThanOrEqual(12);
    // 48 visits with 20 photos: what the content needs (a cover, a summary, about four visits a page), and no more.
    expect(pages.length).toBeLessThanOrEqual(15);
  });
});
