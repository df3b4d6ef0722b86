import { company } from '../../../shared/company';
import { localDateText } from '../../../shared/local-dates';
import { monthName } from '../../../shared/report-months';
import { SITE_ISSUE_TYPE_LABELS, SKIP_REASON_LABELS, VISIT_STATUS_LABELS, type VisitStatus } from '../../../shared/visits';
import { CONTENT_WIDTH, createPdfDocument, type Doc, MARGIN, type NewPage, PAGE, pageFlow } from '../../pdf/document';
import { BOLD, FONT, pdfText } from '../../pdf/fonts';
import { pageFooter } from '../../pdf/footer';
import { continuedPages, keepTogether } from '../../pdf/keep-together';
import { checkBox, companyMark } from '../../pdf/mark';
import { color, type Tone } from '../../pdf/palette';
import { drawPhoto } from '../../pdf/photo';
import { pill } from '../../pdf/pill';
import { rule } from '../../pdf/rule';
import { drawTable, tableLeadHeight } from '../../pdf/table';
import { heading, headingHeight, heightOf, text, widthOf } from '../../pdf/text';
import type { MonthlyReport, ReportPhoto, ReportProperty, ReportVisit } from './monthly-report-data';
import { clockTime, durationText, percentText, windowText } from './report-text';
import type { Thumbnail } from './report-thumbnails';

/*
 * The monthly service report as a PDF (pdfkit, US Letter): a cover, a summary, then each visit
 * with its times, checklist and before/after thumbnails. The document is a Node stream: pages
 * leave as they are drawn, and each visit's thumbnails are converted just ahead of it.
 * See docs/decisions/007-monthly-service-report.md.
 */

const STATUS_STYLE: Record<VisitStatus, Tone> = {
  completed: { fg: color.leaf600, bg: color.leaf50 },
  skipped: { fg: color.amber700, bg: color.amber50 },
  missed: { fg: color.red700, bg: color.red50 },
  scheduled: { fg: color.body, bg: color.panel },
  in_progress: { fg: color.brand700, bg: color.brand50 },
};

/** Where the cover's four figures sit: below the band, the customer and up to three rows of properties. */
const COVER_TILES_Y = 470;

/** Thumbnails: four across (two before, two after), 3:2, so three visits fit on a page. */
const THUMB_GAP = 8;
const HALF_GAP = 18;
const THUMB_WIDTH = (CONTENT_WIDTH - HALF_GAP - 2 * THUMB_GAP) / 4;
const THUMB_HEIGHT = Math.round((THUMB_WIDTH * 2) / 3);

/** The statement about on-time visits printed in the report, and in the docs. */
export const ON_TIME_DEFINITION =
  'On time: the crew checked in on the visit’s scheduled day, within its time window (anytime that day for a visit without one). ' +
  'The on-time rate is on-time visits over completed visits.';

/** What the report is about, for titles and the footer: the property, or the customer. */
const subjectOf = (report: MonthlyReport) => report.property?.name ?? report.customer.name;

/** "November 1–21, 2026" for the current month to date, else "November 2026". */
function periodText(report: MonthlyReport): string {
  if (!report.range.toDate) return monthName(report.month);
  const first = localDateText(report.range.from, { month: 'long', day: 'numeric' });
  const year = report.month.slice(0, 4);
  // The last day is written from its digits: ICU has no "day, year" pattern without the month,
  // and formats { day, year } as "2026 (day: 24)".
  const lastDay = Number(report.range.to.slice(8, 10));
  return report.range.from === report.range.to ? `${first}, ${year}` : `${first}–${lastDay}, ${year}`;
}

/** The download's file name: what and when, in words a person can file. */
export function monthlyReportFileName(report: MonthlyReport): string {
  const slug = pdfText(subjectOf(report))
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'service'}-service-report-${report.month}.pdf`;
}

const footerLabel = (report: MonthlyReport) => `${company.name} · Service report · ${subjectOf(report)} · ${periodText(report)}`;

function cover(doc: Doc, report: MonthlyReport) {
  const band = 250;
  doc.rect(0, 0, PAGE.width, band).fill(color.brand900);
  doc.rect(0, band, PAGE.width, 6).fill(color.brand700);
  companyMark(doc, MARGIN.left, 64, 40);
  text(doc, company.name, MARGIN.left + 54, 66, { font: BOLD, size: 24, ink: '#ffffff' });
  text(doc, company.tagline, MARGIN.left + 54, 95, { size: 11, ink: color.brand200 });
  text(doc, 'MONTHLY SERVICE REPORT', MARGIN.left, 168, { font: BOLD, size: 10, ink: color.brand200 });
  text(doc, periodText(report), MARGIN.left, 184, { font: BOLD, size: 32, ink: '#ffffff' });
  if (report.range.toDate) text(doc, 'Month to date', MARGIN.left, 224, { size: 11, ink: color.brand200 });

  let y = band + 44;
  text(doc, 'PREPARED FOR', MARGIN.left, y, { font: BOLD, size: 8.5, ink: color.muted });
  y = text(doc, report.customer.name, MARGIN.left, y + 14, {
    font: BOLD,
    size: 18,
    ink: color.ink,
    width: CONTENT_WIDTH,
    height: 44,
    ellipsis: true,
  });
  y += 16;
  text(doc, report.property ? 'PROPERTY' : `PROPERTIES (${report.properties.length})`, MARGIN.left, y, {
    font: BOLD,
    size: 8.5,
    ink: color.muted,
  });
  y += 14;
  // Everything below sits at fixed places, so the cover is one page whatever the customer has:
  // the properties fill the room above the tiles, two to a row, and the rest are in the summary.
  const tilesY = COVER_TILES_Y;
  if (report.properties.length === 1) {
    const [property] = report.properties;
    y = text(doc, property!.name, MARGIN.left, y, {
      font: BOLD,
      size: 12,
      ink: color.ink,
      width: CONTENT_WIDTH,
      height: 16,
      ellipsis: true,
    });
    text(doc, property!.address, MARGIN.left, y + 1, { size: 10, ink: color.body, width: CONTENT_WIDTH, height: 14, ellipsis: true });
  } else if (report.properties.length) {
    const rowHeight = 30;
    const columnWidth = (CONTENT_WIDTH - 24) / 2;
    const cells = Math.max(2, Math.floor((tilesY - 16 - y) / rowHeight) * 2);
    const shown = report.properties.length > cells ? report.properties.slice(0, cells - 1) : report.properties;
    const cellAt = (index: number) => ({ x: MARGIN.left + (index % 2) * (columnWidth + 24), y: y + Math.floor(index / 2) * rowHeight });
    shown.forEach((property, index) => {
      const cell = cellAt(index);
      text(doc, property.name, cell.x, cell.y, { font: BOLD, size: 10.5, ink: color.ink, width: columnWidth, height: 13, ellipsis: true });
      text(doc, property.address, cell.x, cell.y + 14, { size: 9, ink: color.body, width: columnWidth, height: 12, ellipsis: true });
    });
    if (shown.length < report.properties.length) {
      const cell = cellAt(shown.length);
      text(doc, `and ${report.properties.length - shown.length} more, listed in the summary`, cell.x, cell.y + 6, {
        size: 10,
        ink: color.muted,
        width: columnWidth,
      });
    }
  } else {
    text(doc, 'No properties on file.', MARGIN.left, y, { size: 10, ink: color.muted });
  }

  // The month at a glance.
  y = tilesY;
  const { summary } = report;
  const tiles: Array<[string, string, string]> = [
    [`${summary.completed}`, 'visits completed', `of ${summary.planned} planned`],
    [percentText(summary.onTimeRate), 'on time', `${summary.onTime} of ${summary.completed} completed`],
    [`${report.visits.filter((visit) => visit.verifiedOnSite).length}`, 'verified on site', 'check-ins within the fence'],
    [`${summary.siteIssues}`, summary.siteIssues === 1 ? 'site issue' : 'site issues', 'reported by our crews'],
  ];
  const gap = 12;
  const tileWidth = (CONTENT_WIDTH - gap * 3) / 4;
  tiles.forEach(([figure, label, detail], index) => {
    const x = MARGIN.left + index * (tileWidth + gap);
    doc.roundedRect(x, y, tileWidth, 88, 8).fill(color.brand50);
    text(doc, figure, x + 12, y + 12, { font: BOLD, size: 24, ink: color.brand900, width: tileWidth - 24 });
    text(doc, label, x + 12, y + 44, { font: BOLD, size: 9.5, ink: color.ink, width: tileWidth - 24 });
    text(doc, detail, x + 12, y + 58, { size: 8.5, ink: color.muted, width: tileWidth - 24 });
  });

  const where = report.property
    ? report.property.name
    : report.properties.length === 1
      ? report.properties[0]!.name
      : `the ${report.properties.length} properties of ${report.customer.name}`;
  text(
    doc,
    `This report lists every visit scheduled at ${where} ${report.range.toDate ? 'so far in' : 'in'} ${monthName(report.month)}: ` +
      'when our crew arrived and left, what they checked off, what they found, and the lot before and after. ' +
      `Questions about a visit? Call ${company.phone.display} or write to ${company.supportEmail}.`,
    MARGIN.left,
    y + 112,
    { size: 10, ink: color.body, width: CONTENT_WIDTH, lineGap: 2 },
  );

  const bottom = PAGE.height - 112;
  rule(doc, bottom);
  text(doc, company.name, MARGIN.left, bottom + 14, { font: BOLD, size: 10, ink: color.ink });
  text(doc, `${company.legalNote} · Serving ${company.region}`, MARGIN.left, bottom + 28, { size: 9, ink: color.muted });
  text(doc, `${company.phone.display} · ${company.supportEmail}`, MARGIN.left, bottom + 41, { size: 9, ink: color.muted });
  text(
    doc,
    `Prepared ${new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', dateStyle: 'long' }).format(new Date())}`,
    PAGE.width - MARGIN.right - 200,
    bottom + 14,
    { size: 9, ink: color.muted, width: 200, align: 'right' },
  );
}

/** One property's counts for the month, as the summary counts the whole report's. */
function propertyFigures(report: MonthlyReport, property: ReportProperty) {
  const ofProperty = report.visits.filter((visit) => visit.property.id === property.id);
  const completed = ofProperty.filter((visit) => visit.status === 'completed').length;
  const onTime = ofProperty.filter((visit) => visit.onTime).length;
  return {
    visits: ofProperty,
    planned: ofProperty.length,
    completed,
    skipped: ofProperty.filter((visit) => visit.status === 'skipped').length,
    missed: ofProperty.filter((visit) => visit.status === 'missed').length,
    onTime,
    onTimeRate: completed ? onTime / completed : null,
    siteIssues: ofProperty.reduce((sum, visit) => sum + visit.siteIssues.length, 0),
  };
}

function summaryPage(doc: Doc, report: MonthlyReport, newPage: NewPage) {
  let y = newPage();
  const { summary } = report;
  const range = `${localDateText(report.range.from, { month: 'long', day: 'numeric' })} to ${localDateText(report.range.to, { month: 'long', day: 'numeric', year: 'numeric' })}`;
  y = heading(doc, 'Summary', y, `Visits dated ${range}${report.range.toDate ? ' (the month to date)' : ''}.`);
  const rows: string[][] = [
    ['Visits planned', `${summary.planned}`],
    ['Completed', `${summary.completed}`],
    ['Skipped', `${summary.skipped}`],
    ['Missed', `${summary.missed}`],
  ];
  if (summary.open) rows.push(['Still open today', `${summary.open}`]);
  rows.push(['On-time rate', `${percentText(summary.onTimeRate)} (${summary.onTime} of ${summary.completed} completed)`]);
  rows.push(['Site issues reported', `${summary.siteIssues}`]);
  y = drawTable(
    doc,
    y,
    {
      columns: [
        { label: 'THIS PERIOD', width: CONTENT_WIDTH * 0.55, strong: true },
        { label: 'VISITS', width: CONTENT_WIDTH * 0.45, align: 'right' },
      ],
      rows,
    },
    newPage,
  );
  y += 10;
  const notes = [
    `Planned counts every visit scheduled in the period, whatever became of it${report.range.toDate ? '; visits later this month are not counted yet' : ''}. A skipped visit was called off in advance, with its reason below; a missed visit was not completed on its day.`,
    ON_TIME_DEFINITION,
  ];
  for (const note of notes) y = text(doc, note, MARGIN.left, y, { size: 8.5, ink: color.muted, width: CONTENT_WIDTH, lineGap: 1.5 }) + 5;

  if (!report.property && report.properties.length) {
    y += 18;
    const columns = [
      { label: 'PROPERTY', width: CONTENT_WIDTH - 6 * 54, strong: true },
      ...['PLANNED', 'DONE', 'SKIPPED', 'MISSED', 'ON TIME', 'ISSUES'].map((label) => ({ label, width: 54, align: 'right' as const })),
    ];
    const rowsByProperty = report.properties.map((property) => {
      const figures = propertyFigures(report, property);
      return [
        property.name,
        `${figures.planned}`,
        `${figures.completed}`,
        `${figures.skipped}`,
        `${figures.missed}`,
        percentText(figures.onTimeRate),
        `${figures.siteIssues}`,
      ];
    });
    // The heading stays with its table's first rows; the table breaks only between rows, its header repeated.
    y = keepTogether(y, headingHeight() + tableLeadHeight(rowsByProperty.length), newPage);
    y = heading(doc, 'By property', y);
    y = drawTable(doc, y, { columns, rows: rowsByProperty }, newPage);
  }

  const issues = report.visits.flatMap((visit) => visit.siteIssues.map((issue) => ({ visit, issue })));
  if (issues.length) {
    y += 24;
    y = keepTogether(y, 80, newPage);
    y = heading(doc, 'Site issues', y, 'What our crews found and reported on site. Photos are with each visit below.');
    for (const { visit, issue } of issues) {
      const label = `${localDateText(visit.date, { month: 'short', day: 'numeric' })}${report.property ? '' : ` · ${visit.property.name}`} · ${SITE_ISSUE_TYPE_LABELS[issue.type]}`;
      const note = issue.note || 'No note.';
      const height = heightOf(doc, label, CONTENT_WIDTH - 14, BOLD, 9.5) + heightOf(doc, note, CONTENT_WIDTH - 14, FONT, 9.5) + 10;
      y = keepTogether(y, height, newPage);
      doc.rect(MARGIN.left, y, 3, height - 6).fill(color.amber700);
      y = text(doc, label, MARGIN.left + 12, y, { font: BOLD, size: 9.5, ink: color.ink, width: CONTENT_WIDTH - 14 });
      y = text(doc, note, MARGIN.left + 12, y + 1, { size: 9.5, ink: color.body, width: CONTENT_WIDTH - 14 }) + 8;
    }
  }
  return y;
}

/** The visit's facts on one line or two: times, time on site, crew. */
function factsOf(visit: ReportVisit): string[] {
  const facts = [`Window: ${windowText(visit.window)}`];
  if (visit.checkedInAt) facts.push(`Arrived ${clockTime(visit.checkedInAt)}`);
  if (visit.checkedOutAt) facts.push(`Left ${clockTime(visit.checkedOutAt)}`);
  if (visit.checkedInAt && visit.checkedOutAt) facts.push(`On site ${durationText(visit.checkedInAt, visit.checkedOutAt)}`);
  if (visit.crew.length) facts.push(`Crew: ${visit.crew.join(', ')}`);
  return facts;
}

/** What became of a visit that was not done, in plain words; null for one that was. */
function outcomeOf(visit: ReportVisit): string | null {
  if (visit.status === 'skipped') {
    const reason = visit.skipReason ? SKIP_REASON_LABELS[visit.skipReason] : 'No reason given';
    return `Skipped: ${reason}${visit.skipNote ? `. ${visit.skipNote}` : ''}`;
  }
  if (visit.status === 'missed') return 'Not completed - we will contact you.';
  if (visit.status === 'scheduled') return 'Planned for today; not started yet.';
  if (visit.status === 'in_progress') return 'Our crew is on site now.';
  return null;
}

const CHECK_ROW = 13;

/** A skipped or missed visit's checklist is all empty boxes: its outcome says it all. */
const showsChecklist = (visit: ReportVisit) => visit.checklist.length > 0 && visit.status !== 'skipped' && visit.status !== 'missed';

function photoRows(visit: ReportVisit): number {
  const pairs = Math.max(Math.ceil(visit.photos.before.length / 2), Math.ceil(visit.photos.after.length / 2));
  return pairs + Math.ceil(visit.photos.issues.length / 4);
}

/** The height of a visit's block without its photos, to keep its text on one page. */
function headHeight(doc: Doc, visit: ReportVisit, showProperty: boolean) {
  let height = 26 + (showProperty ? 14 : 0);
  height += heightOf(doc, factsOf(visit).join('   ·   '), CONTENT_WIDTH, FONT, 9) + 6;
  const outcome = outcomeOf(visit);
  if (outcome) height += heightOf(doc, outcome, CONTENT_WIDTH, BOLD, 9.5) + 6;
  if (showsChecklist(visit)) height += 16 + Math.ceil(visit.checklist.length / 2) * CHECK_ROW + 4;
  for (const issue of visit.siteIssues)
    height += heightOf(doc, `${SITE_ISSUE_TYPE_LABELS[issue.type]}: ${issue.note}`, CONTENT_WIDTH - 14, FONT, 9) + 6;
  return height;
}

/** What of a visit must share a page: its text and its first row of photos. */
const visitLeadHeight = (doc: Doc, visit: ReportVisit, showProperty: boolean) =>
  headHeight(doc, visit, showProperty) + (photoRows(visit) ? 18 + THUMB_HEIGHT + 10 : 0);

/** A customer's report of several properties shows each property's visits together, under its name. */
const groupsByProperty = (report: MonthlyReport) => !report.property && report.properties.length > 1;

const SECTION_HEAD = 52;

/** A property's heading in a customer's report: its name, address and month, ruled in the brand colour. */
function propertyHeading(doc: Doc, report: MonthlyReport, property: ReportProperty, y: number) {
  const figures = propertyFigures(report, property);
  doc.rect(MARGIN.left, y, CONTENT_WIDTH, 3).fill(color.brand700);
  y += 12;
  const summary = figures.planned
    ? `${figures.planned} planned · ${figures.completed} completed · ${percentText(figures.onTimeRate)} on time`
    : 'No visits this month';
  const summaryWidth = widthOf(doc, summary, FONT, 9) + 2;
  text(doc, summary, PAGE.width - MARGIN.right - summaryWidth, y + 4, { size: 9, ink: color.muted, width: summaryWidth, align: 'right' });
  const nameWidth = CONTENT_WIDTH - summaryWidth - 12;
  text(doc, property.name, MARGIN.left, y, { font: BOLD, size: 15, ink: color.ink, width: nameWidth, height: 19, ellipsis: true });
  text(doc, property.address, MARGIN.left, y + 20, { size: 9.5, ink: color.muted, width: nameWidth, height: 12, ellipsis: true });
  return y + SECTION_HEAD - 12;
}

/** The visits, in the order they are drawn: by date, or for a customer's report property by property. */
function visitsInOrder(report: MonthlyReport): ReportVisit[] {
  if (!groupsByProperty(report)) return report.visits;
  return report.properties.flatMap((property) => report.visits.filter((visit) => visit.property.id === property.id));
}

const drawThumbnail = (doc: Doc, thumbnail: Thumbnail | null, x: number, y: number) =>
  drawPhoto(doc, thumbnail, x, y, THUMB_WIDTH, THUMB_HEIGHT);

async function visitBlock(
  doc: Doc,
  report: MonthlyReport,
  visit: ReportVisit,
  y: number,
  newPage: NewPage,
  thumbnail: (photo: ReportPhoto) => Promise<Thumbnail | null>,
) {
  const showProperty = !report.property && !groupsByProperty(report);
  y = keepTogether(y, visitLeadHeight(doc, visit, showProperty), newPage);

  rule(doc, y, 0.75);
  y += 10;
  const right = PAGE.width - MARGIN.right;
  const statusWidth = pill(doc, VISIT_STATUS_LABELS[visit.status], right, y - 1, STATUS_STYLE[visit.status]);
  let badges = statusWidth + 6;
  if (visit.verifiedOnSite) badges += pill(doc, 'Verified on site', right - badges, y - 1, { fg: '#ffffff', bg: color.leaf600 }) + 6;
  if (visit.onTime) badges += pill(doc, 'On time', right - badges, y - 1, { fg: color.brand900, bg: color.brand50 }) + 6;
  text(doc, localDateText(visit.date), MARGIN.left, y, {
    font: BOLD,
    size: 13,
    ink: color.ink,
    width: CONTENT_WIDTH - badges - 8,
    height: 16,
    ellipsis: true,
  });
  y += 18;
  if (showProperty) {
    text(doc, visit.property.name, MARGIN.left, y, { font: BOLD, size: 10, ink: color.brand700, width: CONTENT_WIDTH });
    y += 14;
  }
  y = text(doc, factsOf(visit).join('   ·   '), MARGIN.left, y + 2, { size: 9, ink: color.body, width: CONTENT_WIDTH }) + 6;
  const outcome = outcomeOf(visit);
  if (outcome) {
    const style = STATUS_STYLE[visit.status];
    y = text(doc, outcome, MARGIN.left, y, { font: BOLD, size: 9.5, ink: style.fg, width: CONTENT_WIDTH }) + 6;
  }

  if (showsChecklist(visit)) {
    text(doc, 'CHECKLIST', MARGIN.left, y + 2, { font: BOLD, size: 7.5, ink: color.muted });
    y += 16;
    const columnWidth = CONTENT_WIDTH / 2;
    const perColumn = Math.ceil(visit.checklist.length / 2);
    visit.checklist.forEach((item, index) => {
      const x = MARGIN.left + (index < perColumn ? 0 : columnWidth);
      const rowY = y + (index % perColumn) * CHECK_ROW;
      checkBox(doc, x, rowY, item.done);
      text(doc, item.label, x + 14, rowY + 0.5, {
        size: 9,
        ink: item.done ? color.body : color.muted,
        width: columnWidth - 22,
        height: 11,
        ellipsis: true,
      });
    });
    y += perColumn * CHECK_ROW + 4;
  }

  for (const issue of visit.siteIssues) {
    const line = `${SITE_ISSUE_TYPE_LABELS[issue.type]}: ${issue.note || 'no note'}`;
    const height = heightOf(doc, line, CONTENT_WIDTH - 14, FONT, 9);
    doc.rect(MARGIN.left, y, 3, height).fill(color.amber700);
    y = text(doc, line, MARGIN.left + 12, y, { size: 9, ink: color.body, width: CONTENT_WIDTH - 14 }) + 6;
  }

  const { before, after, issues } = visit.photos;
  const pairs = Math.max(Math.ceil(before.length / 2), Math.ceil(after.length / 2));
  const afterX = MARGIN.left + 2 * THUMB_WIDTH + THUMB_GAP + HALF_GAP;
  for (let row = 0; row < pairs; row++) {
    const labels = row === 0 ? 16 : 0;
    y = keepTogether(y, labels + THUMB_HEIGHT + 4, newPage);
    if (row === 0) {
      text(doc, `BEFORE${before.length ? '' : ' · none taken'}`, MARGIN.left, y + 4, { font: BOLD, size: 7.5, ink: color.muted });
      text(doc, `AFTER${after.length ? '' : ' · none taken'}`, afterX, y + 4, { font: BOLD, size: 7.5, ink: color.muted });
      y += labels;
    }
    for (const [photos, x0] of [
      [before, MARGIN.left],
      [after, afterX],
    ] as const) {
      for (let column = 0; column < 2; column++) {
        const photo = photos[row * 2 + column];
        if (photo) drawThumbnail(doc, await thumbnail(photo), x0 + column * (THUMB_WIDTH + THUMB_GAP), y);
      }
    }
    y += THUMB_HEIGHT + THUMB_GAP;
  }
  for (let row = 0; row < Math.ceil(issues.length / 4); row++) {
    const labels = row === 0 ? 16 : 0;
    y = keepTogether(y, labels + THUMB_HEIGHT + 4, newPage);
    if (row === 0) {
      text(doc, 'SITE ISSUE PHOTOS', MARGIN.left, y + 4, { font: BOLD, size: 7.5, ink: color.muted });
      y += labels;
    }
    for (let column = 0; column < 4; column++) {
      const photo = issues[row * 4 + column];
      const x = MARGIN.left + column * (THUMB_WIDTH + THUMB_GAP) + (column >= 2 ? HALF_GAP - THUMB_GAP : 0);
      if (photo) drawThumbnail(doc, await thumbnail(photo), x, y);
    }
    y += THUMB_HEIGHT + THUMB_GAP;
  }
  return y + 14;
}

/** The report's photos in the order the PDF draws them: `thumbnail(i)` is asked for the i-th. */
export const photosInDrawOrder = (report: MonthlyReport): ReportPhoto[] =>
  visitsInOrder(report).flatMap((visit) => [...visit.photos.before, ...visit.photos.after, ...visit.photos.issues]);

/**
 * Renders a month's report as a PDF stream. The data is read before (so a refusal is an
 * ordinary error answer); the drawing runs as the stream is read, asking for each photo's
 * thumbnail by its place in `photosInDrawOrder`, and an error while drawing destroys the
 * stream with that error. Runs in a worker thread (report-worker.ts), never on the server's.
 */
export function renderMonthlyReport(report: MonthlyReport, thumbnailAt: (index: number) => Promise<Thumbnail | null>): PDFKit.PDFDocument {
  const doc = createPdfDocument({
    title: `Service report · ${subjectOf(report)} · ${periodText(report)}`,
    subject: `Visits, checklists and before/after photos at ${subjectOf(report)}`,
  });
  const { newPage } = pageFlow(doc, (pageNumber) => {
    if (pageNumber > 1) pageFooter(doc, footerLabel(report), pageNumber);
  });

  const drawn = visitsInOrder(report);
  const index = new Map(photosInDrawOrder(report).map((photo, i) => [photo.id, i]));
  const thumbnail = (photo: ReportPhoto) => thumbnailAt(index.get(photo.id)!);

  void (async () => {
    newPage();
    cover(doc, report);
    let y = summaryPage(doc, report, newPage) + 28;
    const grouped = groupsByProperty(report);
    const note = !report.visits.length
      ? `No visits were scheduled ${report.range.toDate ? 'so far this month' : 'this month'}.`
      : grouped
        ? 'Property by property: each visit with its times, what the crew checked off, and the lot before and after.'
        : 'Each visit with its times, what the crew checked off, and the lot before and after.';
    // The heading starts a page when what follows it would not fit under it.
    const first = drawn[0];
    const after = first ? (grouped ? SECTION_HEAD : 0) + visitLeadHeight(doc, first, !report.property && !grouped) : 0;
    y = keepTogether(y, headingHeight(note) + after, newPage);
    y = heading(doc, 'Visits', y, note);
    if (!grouped) {
      for (const visit of drawn) y = await visitBlock(doc, report, visit, y, newPage, thumbnail);
    } else {
      for (const property of report.properties) {
        const ofProperty = drawn.filter((visit) => visit.property.id === property.id);
        // A property's section starts where its heading and its first visit fit.
        const lead = SECTION_HEAD + (ofProperty[0] ? visitLeadHeight(doc, ofProperty[0], false) : 0);
        y = keepTogether(y, lead, newPage);
        y = propertyHeading(doc, report, property, y);
        // A section that runs onto the next page says whose visits continue there.
        const continued = continuedPages(doc, property.name, newPage);
        for (const visit of ofProperty) y = await visitBlock(doc, report, visit, y, continued, thumbnail);
        y += 10;
      }
    }
    doc.end();
  })().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  return doc;
}
