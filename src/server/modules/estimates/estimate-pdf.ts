import type { EstimateLine, EstimateProperty, PublicEstimate } from '../../../shared/api/estimates';
import { company } from '../../../shared/company';
import {
  type AgreementTerm,
  estimateTotals,
  type EstimateTotals,
  formatPercent,
  TERM_NAMES,
  UNIT_NAMES,
} from '../../../shared/estimate-totals';
import { ESTIMATE_TERMS } from '../../../shared/estimate-terms';
import { CANCEL_NOTICE_DAYS } from '../../../shared/estimates';
import { localDateText } from '../../../shared/local-dates';
import { formatCents } from '../../../shared/money';
import { JURISDICTION_NAMES } from '../../../shared/tax-jurisdictions';
import { browserOf } from '../../../shared/user-agent';
import { visitPhotoPlace } from '../../../shared/visit-photo-text';
import { COMPANY_TIME_ZONE } from '../../../shared/visits';
import { CONTENT_WIDTH, createPdfDocument, type Doc, MARGIN, type NewPage, PAGE, pageFlow } from '../../pdf/document';
import { BOLD, FONT } from '../../pdf/fonts';
import { pageFooter } from '../../pdf/footer';
import { keepTogether } from '../../pdf/keep-together';
import { drawSections } from '../../pdf/sections';
import { companyMark } from '../../pdf/mark';
import { color, type Tone } from '../../pdf/palette';
import { drawPhoto, type PdfImage } from '../../pdf/photo';
import { pill } from '../../pdf/pill';
import { drawTable, type Table, type TableCell, tableLeadHeightOf } from '../../pdf/table';
import { heading, headingHeight, heightOf, text } from '../../pdf/text';
import { type TotalLine, totalsBlock, totalsHeight } from '../../pdf/totals';

/*
 * An estimate as a PDF (issue 24): what a property manager forwards to an owner for approval.
 * Page 1 opens with the company, the estimate's number and dates and whom it is for; then each
 * property with its lines and totals, the terms offered with their monthly totals, the photos from
 * the free property visit, and the terms and conditions (shared/estimate-terms.ts, the words the
 * estimate page shows). The signed copy
 * is the same document with the accepted term and options marked, and an acceptance page with
 * the evidence. Every figure comes from `estimateTotals`; this file only lays out its cents.
 */

export interface EstimateAcceptanceEvidence {
  name: string;
  title: string;
  /** The instant of acceptance (ISO 8601). */
  at: string;
  term: AgreementTerm;
  optionalLineIds: string[];
  /** PO numbers by the estimate property's id. */
  poNumbers: Record<string, string>;
  /** SHA-256 of exactly the version accepted, with its choices. */
  hash: string;
  ip: string | null;
  userAgent: string | null;
}

export interface EstimatePdfInput {
  estimate: PublicEstimate;
  /** Present for the signed copy: adds an acceptance page and marks the chosen term and options. */
  acceptance?: EstimateAcceptanceEvidence | null;
  /** The app's address, printed as the company's website (the estimate's own link is not known here). */
  appUrl: string;
  /**
   * The photos from the property visit (`estimate.photos`) as JPEGs, by photo id (estimatePhotoImages
   * reads them from the photo store); a photo without one is drawn as "Photo unavailable".
   */
  photoImages?: ReadonlyMap<string, PdfImage>;
}

const TAG: Record<'optional' | 'chosen' | 'notChosen', Tone> = {
  optional: { fg: color.amber700, bg: color.amber50 },
  chosen: { fg: '#ffffff', bg: color.leaf600 },
  notChosen: { fg: color.muted, bg: color.panel },
};

const LONG_DATE: Intl.DateTimeFormatOptions = { month: 'long', day: 'numeric', year: 'numeric' };
const dateText = (localDate: string) => localDateText(localDate, LONG_DATE);
const instantDate = new Intl.DateTimeFormat('en-US', { ...LONG_DATE, timeZone: COMPANY_TIME_ZONE });
const instantDateTime = new Intl.DateTimeFormat('en-US', {
  ...LONG_DATE,
  hour: 'numeric',
  minute: '2-digit',
  timeZone: COMPANY_TIME_ZONE,
  timeZoneName: 'short',
});
/** ICU writes a narrow no-break space before AM/PM: a plain one prints and copies everywhere. */
const plainSpaces = (value: string) => value.replace(/[\u202f\u00a0]/g, ' ');

/** "Estimate 1001", "Estimate 1001, version 2". */
export const estimateTitle = (estimate: Pick<PublicEstimate, 'number' | 'version'>) =>
  `Estimate ${estimate.number}${estimate.version > 1 ? `, version ${estimate.version}` : ''}`;

/** The download's file name: "Estimate-1001-v2-Harbor-Retail-Group.pdf", "…-signed.pdf" for the signed copy. */
export function estimatePdfFileName(estimate: Pick<PublicEstimate, 'number' | 'version' | 'companyName'>, signed = false): string {
  const slug = estimate.companyName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50);
  return `Estimate-${estimate.number}${estimate.version > 1 ? `-v${estimate.version}` : ''}${slug ? `-${slug}` : ''}${signed ? '-signed' : ''}.pdf`;
}

/** "120 parking spaces · 45,000 sq ft", or '' when neither is given. */
function sizeText(property: EstimateProperty): string {
  const parts: string[] = [];
  if (property.parkingSpaces)
    parts.push(`${property.parkingSpaces.toLocaleString('en-US')} parking space${property.parkingSpaces === 1 ? '' : 's'}`);
  if (property.squareFeet) parts.push(`${property.squareFeet.toLocaleString('en-US')} sq ft`);
  return parts.join(' · ');
}

const addressText = (property: EstimateProperty) => `${property.address}, ${property.city}, ${property.state} ${property.zipCode}`;

/** What the whole document needs to know, worked out once. */
interface Plan {
  estimate: PublicEstimate;
  acceptance: EstimateAcceptanceEvidence | null;
  /** The optional lines counted: the ones ticked on the signed copy, none on the offer. */
  chosen: ReadonlySet<string>;
  /** Per property: the chosen term's discount on the signed copy, none on the offer ("before any term discount"). */
  byProperty: EstimateTotals;
  /** Each term offered with its totals for all the properties. */
  byTerm: Array<{ term: AgreementTerm; discountBp: number; totals: EstimateTotals }>;
}

const discountOf = (estimate: PublicEstimate, term: AgreementTerm) => estimate.termDiscounts[term] ?? 0;

function planOf(input: EstimatePdfInput): Plan {
  const { estimate } = input;
  const acceptance = input.acceptance ?? null;
  const chosen = new Set(acceptance?.optionalLineIds ?? []);
  const totalsFor = (discountBp: number) => estimateTotals(estimate.properties, { discountBp, chosenOptionalIds: chosen });
  return {
    estimate,
    acceptance,
    chosen,
    byProperty: totalsFor(acceptance ? discountOf(estimate, acceptance.term) : 0),
    byTerm: estimate.termsOffered.map((term) => ({
      term,
      discountBp: discountOf(estimate, term),
      totals: totalsFor(discountOf(estimate, term)),
    })),
  };
}

const BAND = 168;

function firstPage(doc: Doc, plan: Plan, appUrl: string): number {
  const { estimate, acceptance } = plan;
  const right = PAGE.width - MARGIN.right;
  doc.rect(0, 0, PAGE.width, BAND).fill(color.brand900);
  doc.rect(0, BAND, PAGE.width, 5).fill(color.brand700);
  companyMark(doc, MARGIN.left, 36, 38);
  text(doc, company.name, MARGIN.left + 50, 36, { font: BOLD, size: 20, ink: '#ffffff' });
  text(doc, company.tagline, MARGIN.left + 50, 61, { size: 10, ink: color.brand200 });
  const website = new URL(appUrl).host;
  const details = [company.legalNote, company.phone.display, company.supportEmail, website];
  details.forEach((line, index) =>
    text(doc, line, right - 230, 36 + index * 13, { size: 8.5, ink: index === 0 ? '#ffffff' : color.brand200, width: 230, align: 'right' }),
  );

  text(doc, acceptance ? 'SIGNED ESTIMATE' : 'ESTIMATE FOR SERVICE', MARGIN.left, 100, { font: BOLD, size: 9, ink: color.brand200 });
  text(doc, `Estimate ${estimate.number}`, MARGIN.left, 113, { font: BOLD, size: 28, ink: '#ffffff' });
  if (estimate.version > 1) text(doc, `Version ${estimate.version}`, MARGIN.left, 148, { size: 10, ink: color.brand200 });
  if (acceptance) pill(doc, 'Accepted', right, 121, { fg: '#ffffff', bg: color.leaf600 });

  let y = BAND + 28;
  const leftWidth = 280;
  text(doc, 'PREPARED FOR', MARGIN.left, y, { font: BOLD, size: 8, ink: color.muted });
  let below = text(doc, estimate.companyName, MARGIN.left, y + 13, {
    font: BOLD,
    size: 15,
    ink: color.ink,
    width: leftWidth,
    height: 38,
    ellipsis: true,
  });
  below = text(doc, estimate.contactName, MARGIN.left, below + 2, {
    size: 10,
    ink: color.body,
    width: leftWidth,
    height: 13,
    ellipsis: true,
  });

  const facts: Array<[string, string]> = [
    ['Date sent', estimate.sentAt ? instantDate.format(new Date(estimate.sentAt)) : 'Not sent yet'],
    ['Valid until', dateText(estimate.validUntil)],
    ['Proposed start', dateText(estimate.proposedStartDate)],
  ];
  if (acceptance) facts.push(['Accepted', instantDate.format(new Date(acceptance.at))]);
  const factsX = MARGIN.left + CONTENT_WIDTH - 200;
  facts.forEach(([label, value], index) => {
    const rowY = y + index * 17;
    text(doc, label, factsX, rowY, { size: 9, ink: color.muted });
    text(doc, value, factsX + 80, rowY - 0.5, { font: BOLD, size: 9.5, ink: color.ink, width: 120, align: 'right' });
  });
  y = Math.max(below, y + facts.length * 17) + 22;

  if (estimate.note.trim()) {
    const width = CONTENT_WIDTH - 32;
    const height = heightOf(doc, estimate.note, width, FONT, 10, 2) + 36;
    doc.roundedRect(MARGIN.left, y, CONTENT_WIDTH, height, 6).fill(color.panel);
    doc.rect(MARGIN.left, y, 3, height).fill(color.brand700);
    text(doc, `A NOTE FROM ${company.name.toUpperCase()}`, MARGIN.left + 18, y + 12, { font: BOLD, size: 7.5, ink: color.brand700 });
    text(doc, estimate.note, MARGIN.left + 18, y + 26, { size: 10, ink: color.body, width, lineGap: 2 });
    y += height + 24;
  }
  return y;
}

/** A line's price as written: "$85.00 per visit", "$450.00 one time". */
const priceText = (line: EstimateLine) => `${formatCents(line.unitPriceCents)} ${UNIT_NAMES[line.unit]}`;

const LINE_COLUMNS = [
  { label: 'SERVICE', width: 222, strong: true },
  { label: 'FREQUENCY', width: 142 },
  { label: 'PRICE', width: 140, align: 'right' as const },
];

function linesTable(plan: Plan, property: EstimateProperty, index: number): Table {
  const totals = plan.byProperty.properties[index]!;
  const muted = new Set<number>();
  const rows = property.lines.map((line, row): TableCell[] => {
    const amounts = totals.lines[row]!;
    let tag: TableCell['tag'];
    if (line.optional && !plan.acceptance) tag = { label: 'Optional', tone: TAG.optional };
    else if (line.optional && plan.chosen.has(line.id)) tag = { label: 'Chosen', tone: TAG.chosen };
    else if (line.optional) {
      tag = { label: 'Not chosen', tone: TAG.notChosen };
      muted.add(row);
    }
    const notes = [line.description.trim(), line.taxClass === 'taxable' ? 'Sales tax applies' : ''].filter(Boolean);
    const price =
      line.unit === 'visit' && amounts.monthlyCents > 0
        ? `about ${formatCents(amounts.monthlyCents)} a month`
        : line.unit === 'hour'
          ? 'billed for the hours worked'
          : undefined;
    return [
      { text: line.name, detail: notes.join(' · ') || undefined, tag },
      { text: line.frequency },
      { text: priceText(line), detail: price },
    ];
  });
  return { columns: LINE_COLUMNS, rows, mutedRows: muted };
}

/** A property's totals: what it costs a month, then once (each only when it has such work). */
function propertyTotalGroups(plan: Plan, property: EstimateProperty, index: number): TotalLine[][] {
  const totals = plan.byProperty.properties[index]!;
  // The tax line shows where there is taxable work counted: monthly, one-time, or both.
  const taxed = (amount: 'monthlyCents' | 'oneTimeCents') =>
    property.lines.some((line, i) => line.taxClass === 'taxable' && totals.lines[i]!.included && totals.lines[i]![amount] > 0);
  const tax = `Sales tax (${JURISDICTION_NAMES[property.taxJurisdiction]}, ${formatPercent(property.taxRateBp)})`;
  const groups: TotalLine[][] = [];
  if (totals.monthlyCents > 0 || totals.oneTimeCents === 0) {
    const monthly: TotalLine[] = [{ label: 'Monthly subtotal', value: formatCents(totals.monthlyCents) }];
    if (totals.monthlyDiscountCents > 0 && plan.acceptance) {
      const term = plan.acceptance.term;
      monthly.push({
        label: `Discount for ${TERM_NAMES[term].toLowerCase()} (${formatPercent(discountOf(plan.estimate, term))})`,
        value: formatCents(-totals.monthlyDiscountCents),
      });
    }
    if (taxed('monthlyCents')) monthly.push({ label: tax, value: formatCents(totals.monthlyTaxCents) });
    monthly.push({ label: 'About a month', value: formatCents(totals.monthlyTotalCents), strong: true });
    groups.push(monthly);
  }
  if (totals.oneTimeCents > 0) {
    const oneTime: TotalLine[] = [{ label: 'One-time work', value: formatCents(totals.oneTimeCents) }];
    if (taxed('oneTimeCents')) oneTime.push({ label: tax, value: formatCents(totals.oneTimeTaxCents) });
    oneTime.push({ label: 'One-time total', value: formatCents(totals.oneTimeTotalCents), strong: true });
    groups.push(oneTime);
  }
  return groups;
}

/** The property's heading: a brand rule, its name and place, and its PO number on the signed copy. */
const PROPERTY_HEAD = 62;

function propertyHeading(doc: Doc, plan: Plan, property: EstimateProperty, index: number, y: number): number {
  const right = PAGE.width - MARGIN.right;
  doc.rect(MARGIN.left, y, CONTENT_WIDTH, 2.5).fill(color.brand700);
  y += 11;
  const po = plan.acceptance?.poNumbers[property.id]?.trim();
  const side = plan.acceptance ? (po ? `PO ${po}` : 'No PO number') : `Property ${index + 1} of ${plan.estimate.properties.length}`;
  text(doc, side, right - 160, y + 4, { font: po ? BOLD : FONT, size: 9, ink: po ? color.ink : color.muted, width: 160, align: 'right' });
  text(doc, property.name, MARGIN.left, y, {
    font: BOLD,
    size: 14,
    ink: color.ink,
    width: CONTENT_WIDTH - 170,
    height: 18,
    ellipsis: true,
  });
  text(doc, addressText(property), MARGIN.left, y + 20, { size: 9.5, ink: color.body, width: CONTENT_WIDTH, height: 12, ellipsis: true });
  const kind = [property.propertyType, sizeText(property)].filter(Boolean).join(' · ');
  text(doc, kind, MARGIN.left, y + 33, { size: 9, ink: color.muted, width: CONTENT_WIDTH, height: 12, ellipsis: true });
  return y + PROPERTY_HEAD - 11;
}

const TOTALS_BLOCK_WIDTH = 300;
/** Between a property's monthly and one-time totals. */
const TOTALS_GAP = 8;

function propertySections(doc: Doc, plan: Plan, y: number, newPage: NewPage): number {
  const { properties } = plan.estimate;
  const note = plan.acceptance
    ? `${properties.length} ${properties.length === 1 ? 'property' : 'properties'}, with the accepted term's discount. Monthly figures are for an average month.`
    : `${properties.length} ${properties.length === 1 ? 'property' : 'properties'}. Monthly figures are for an average month, before any term discount.`;
  return drawSections(doc, y, newPage, {
    title: 'Properties and prices',
    note,
    sections: properties.map((property, index) => {
      const groups = propertyTotalGroups(plan, property, index);
      return {
        name: property.name,
        headHeight: PROPERTY_HEAD,
        drawHead: (at) => propertyHeading(doc, plan, property, index, at),
        table: linesTable(plan, property, index),
        tailHeight: groups.reduce((sum, lines) => sum + totalsHeight(lines) + TOTALS_GAP, 10),
        drawTail: (at) =>
          groups.reduce((below, lines) => totalsBlock(doc, below, lines, { width: TOTALS_BLOCK_WIDTH }) + TOTALS_GAP, at) + 18,
      };
    }),
  });
}

function summary(doc: Doc, plan: Plan, y: number, newPage: NewPage): number {
  const { estimate, acceptance } = plan;
  const optional = estimate.properties.flatMap((property) => property.lines).filter((line) => line.optional);
  const note = acceptance
    ? 'All properties, with the options chosen. The accepted term is marked.'
    : `All properties, ${optional.length ? 'included lines only (options add to these)' : 'every line'}. Discounts apply to recurring work, before tax.`;
  const rows = plan.byTerm.map(({ term, discountBp, totals }): TableCell[] => [
    {
      text: TERM_NAMES[term],
      detail:
        term === 'month-to-month'
          ? `No contract: ${CANCEL_NOTICE_DAYS} days' notice to cancel`
          : `Then month-to-month unless either side ends it`,
      tag: acceptance?.term === term ? { label: 'Accepted', tone: TAG.chosen } : undefined,
    },
    { text: discountBp ? formatPercent(discountBp) : 'None' },
    { text: discountBp ? formatCents(totals.monthlyDiscountCents) : '-' },
    { text: formatCents(totals.monthlyTaxCents) },
    { text: formatCents(totals.monthlyTotalCents) },
  ]);
  const table: Table = {
    columns: [
      { label: 'TERM', width: 204, strong: true },
      { label: 'DISCOUNT', width: 70, align: 'right' },
      { label: 'SAVED A MONTH', width: 80, align: 'right' },
      { label: 'TAX A MONTH', width: 70, align: 'right' },
      { label: 'ABOUT A MONTH', width: 80, align: 'right' },
    ],
    rows,
    boldRows: new Set(plan.byTerm.flatMap(({ term }, index) => (acceptance?.term === term ? [index] : []))),
    mutedRows: new Set(plan.byTerm.flatMap(({ term }, index) => (acceptance && acceptance.term !== term ? [index] : []))),
  };
  // One-time work takes no discount: the same under every term.
  const oneTime = plan.byTerm[0]?.totals ?? plan.byProperty;
  const lines: TotalLine[] = [{ label: 'One-time work', value: formatCents(oneTime.oneTimeCents) }];
  if (oneTime.oneTimeTaxCents > 0) lines.push({ label: 'Sales tax on one-time work', value: formatCents(oneTime.oneTimeTaxCents) });
  lines.push({ label: 'One-time total, not discounted', value: formatCents(oneTime.oneTimeTotalCents), strong: true });

  // Small enough to stay whole: the terms and the one-time total are read together.
  y = keepTogether(y, headingHeight(note) + tableLeadHeightOf(doc, table, table.rows.length) + 10 + totalsHeight(lines), newPage);
  y = heading(doc, acceptance ? 'Summary of the accepted estimate' : 'Terms offered', y, note);
  y = drawTable(doc, y, table, newPage);
  y = keepTogether(y + 10, totalsHeight(lines), newPage);
  y = totalsBlock(doc, y, lines, { width: TOTALS_BLOCK_WIDTH }) + 22;

  const how = acceptance
    ? `Accepted online by ${acceptance.name}, ${acceptance.title}, on ${plainSpaces(instantDate.format(new Date(acceptance.at)))}. The record of the acceptance is on the last page.`
    : `Accept online with the link in your e-mail: choose your term and any options, add a PO number for each property if you use them, and sign with your name and title. Questions? Call ${company.phone.display} or write to ${company.supportEmail}.`;
  const height = heightOf(doc, how, CONTENT_WIDTH - 32, FONT, 10, 2) + 24;
  y = keepTogether(y, height, newPage);
  doc.roundedRect(MARGIN.left, y, CONTENT_WIDTH, height, 6).fill(acceptance ? color.leaf50 : color.brand50);
  text(doc, how, MARGIN.left + 16, y + 12, {
    size: 10,
    ink: acceptance ? color.leaf600 : color.brand900,
    width: CONTENT_WIDTH - 32,
    lineGap: 2,
  });
  return y + height + 30;
}

const PHOTO_COLUMNS = 3;
const PHOTO_GAP = 12;
const PHOTO_WIDTH = (CONTENT_WIDTH - (PHOTO_COLUMNS - 1) * PHOTO_GAP) / PHOTO_COLUMNS;
const PHOTO_HEIGHT = Math.round((PHOTO_WIDTH * 3) / 4);
/** A photo's caption under it: what it shows, then the property and the day. */
const PHOTO_CAPTION = 28;
const PHOTO_ROW = PHOTO_HEIGHT + 6 + PHOTO_CAPTION + 10;

/**
 * "Photos from the property visit": the photos the estimate shows, three across, 4:3, each with
 * its caption and the property and day it was taken (the page's alt text, in the same words). A
 * row is never split, and the heading stays with the first row.
 */
function visitPhotos(doc: Doc, estimate: PublicEstimate, images: ReadonlyMap<string, PdfImage>, y: number, newPage: NewPage): number {
  const { photos } = estimate;
  if (!photos.length) return y;
  const note = `${photos.length === 1 ? 'A photo' : `${photos.length} photos`} our crew took on the free property visit, before we priced the work.`;
  y = keepTogether(y, headingHeight(note) + PHOTO_ROW, newPage);
  y = heading(doc, 'Photos from the property visit', y, note);
  for (let first = 0; first < photos.length; first += PHOTO_COLUMNS) {
    y = keepTogether(y, PHOTO_ROW, newPage);
    photos.slice(first, first + PHOTO_COLUMNS).forEach((photo, column) => {
      const x = MARGIN.left + column * (PHOTO_WIDTH + PHOTO_GAP);
      drawPhoto(doc, images.get(photo.id) ?? null, x, y, PHOTO_WIDTH, PHOTO_HEIGHT);
      const caption = photo.caption.trim();
      const captionY = y + PHOTO_HEIGHT + 6;
      const below = caption
        ? text(doc, caption, x, captionY, { font: BOLD, size: 8.5, ink: color.ink, width: PHOTO_WIDTH, height: 12, ellipsis: true })
        : captionY;
      text(doc, visitPhotoPlace(photo), x, below + 1, { size: 8, ink: color.muted, width: PHOTO_WIDTH, height: 11, ellipsis: true });
    });
    y += PHOTO_ROW;
  }
  return y + 14;
}

function termsAndConditions(doc: Doc, y: number, newPage: NewPage): number {
  const width = CONTENT_WIDTH - 16;
  const first = heightOf(doc, ESTIMATE_TERMS[0]!, width, FONT, 9, 1.5);
  y = keepTogether(y, headingHeight() + first, newPage);
  y = heading(doc, 'Terms and conditions', y);
  for (const term of ESTIMATE_TERMS) {
    const height = heightOf(doc, term, width, FONT, 9, 1.5);
    y = keepTogether(y, height, newPage);
    doc.circle(MARGIN.left + 3, y + 5, 1.6).fill(color.brand700);
    y = text(doc, term, MARGIN.left + 16, y, { size: 9, ink: color.body, width, lineGap: 1.5 }) + 7;
  }
  return y;
}

function acceptancePage(doc: Doc, plan: Plan, acceptance: EstimateAcceptanceEvidence, newPage: NewPage): void {
  let y = heading(
    doc,
    'Acceptance',
    newPage(),
    `The record of how ${estimateTitle(plan.estimate)} was accepted, kept with this signed copy.`,
  );
  const when = plainSpaces(instantDateTime.format(new Date(acceptance.at)));
  const statement = { font: BOLD, size: 12, ink: color.ink, width: CONTENT_WIDTH, lineGap: 2 };
  y = text(doc, `Accepted online by ${acceptance.name}, ${acceptance.title},`, MARGIN.left, y + 4, statement);
  y = text(doc, `on ${when}.`, MARGIN.left, y, statement);
  y += 18;

  const accepted = plan.byTerm.find(({ term }) => term === acceptance.term)?.totals ?? plan.byProperty;
  const discountBp = discountOf(plan.estimate, acceptance.term);
  const rows: Array<Array<string | TableCell>> = [
    ['Term accepted', `${TERM_NAMES[acceptance.term]}${discountBp ? ` (${formatPercent(discountBp)} discount)` : ''}`],
    ['Monthly total accepted', `${formatCents(accepted.monthlyTotalCents)} a month, tax included`],
    ['One-time total accepted', formatCents(accepted.oneTimeTotalCents)],
    ['Proposed start', dateText(plan.estimate.proposedStartDate)],
  ];
  for (const property of plan.estimate.properties) {
    for (const line of property.lines.filter((line) => line.optional)) {
      rows.push([plan.chosen.has(line.id) ? 'Option chosen' : 'Option not chosen', `${line.name}, ${property.name}`]);
    }
  }
  for (const property of plan.estimate.properties) {
    rows.push([`PO number, ${property.name}`, acceptance.poNumbers[property.id]?.trim() || 'None given']);
  }
  rows.push(['IP address', acceptance.ip ?? 'Not recorded']);
  rows.push([
    'Browser',
    acceptance.userAgent ? { text: browserOf(acceptance.userAgent), detail: acceptance.userAgent.slice(0, 300) } : 'Not recorded',
  ]);
  y = drawTable(
    doc,
    y,
    {
      columns: [
        { label: 'WHAT WAS ACCEPTED', width: 190, strong: true },
        { label: 'RECORD', width: CONTENT_WIDTH - 190 },
      ],
      rows,
    },
    newPage,
  );

  const explanation =
    'This fingerprint is worked out from exactly the version accepted, with the choices made on it. ' +
    'Any change to the estimate or the choices gives a different fingerprint, so this copy can be checked against our records.';
  const height = 50 + heightOf(doc, explanation, CONTENT_WIDTH - 32, FONT, 8.5, 1.5);
  y = keepTogether(y + 24, height + 10, newPage);
  doc.roundedRect(MARGIN.left, y, CONTENT_WIDTH, height, 6).fill(color.panel);
  text(doc, 'Fingerprint of the accepted estimate (SHA-256):', MARGIN.left + 16, y + 12, { font: BOLD, size: 9, ink: color.ink });
  text(doc, acceptance.hash, MARGIN.left + 16, y + 26, {
    size: 8.5,
    ink: color.brand900,
    width: CONTENT_WIDTH - 32,
    characterSpacing: 0.3,
  });
  text(doc, explanation, MARGIN.left + 16, y + 44, { size: 8.5, ink: color.muted, width: CONTENT_WIDTH - 32, lineGap: 1.5 });
}

/**
 * Renders an estimate, or its signed copy when `acceptance` is given, as a PDF (US Letter, the
 * PDF kit's house style). Small enough to build in memory: a few pages of text, and at most a dozen
 * photos from the property visit at their smallest stored width.
 */
export async function renderEstimatePdf(input: EstimatePdfInput): Promise<Buffer> {
  const plan = planOf(input);
  const { estimate, acceptance } = plan;
  const title = estimateTitle(estimate);
  const doc = createPdfDocument({
    title: `${title} · ${estimate.companyName}${acceptance ? ' · Signed copy' : ''}`,
    subject: `${company.name}: prices for lot care at ${estimate.properties.length === 1 ? estimate.properties[0]!.name : `${estimate.properties.length} properties`}`,
  });
  const footer = `${company.name} · ${title} · ${estimate.companyName}${acceptance ? ' · Signed copy' : ''}`;
  const { newPage } = pageFlow(doc, (pageNumber) => pageFooter(doc, footer, pageNumber));

  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  try {
    newPage();
    let y = firstPage(doc, plan, input.appUrl);
    y = propertySections(doc, plan, y, newPage);
    y = summary(doc, plan, y, newPage);
    y = visitPhotos(doc, estimate, input.photoImages ?? new Map(), y, newPage);
    termsAndConditions(doc, y, newPage);
    if (acceptance) acceptancePage(doc, plan, acceptance, newPage);
  } catch (error) {
    doc.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
