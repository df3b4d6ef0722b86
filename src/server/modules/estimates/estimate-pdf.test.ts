import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { EstimateLine, EstimateProperty, PublicEstimate } from '../../../shared/api/estimates';
import { estimateTotals } from '../../../shared/estimate-totals';
import { ESTIMATE_TERMS } from '../../../shared/estimate-terms';
import { formatCents } from '../../../shared/money';
import { describeRrule } from '../../../shared/recurrence';
import { estimatePdfFileName, type EstimateAcceptanceEvidence, renderEstimatePdf } from './estimate-pdf';
import { pdfImages } from '#test/pdf';

/** The PDF in a temporary file for poppler and qpdf; `ESTIMATE_PDF_OUT` (a folder) keeps a copy to look at. */
function pdfFile(pdf: Buffer, name: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'estimate-pdf-')), name);
  writeFileSync(file, pdf);
  if (process.env.ESTIMATE_PDF_OUT) {
    mkdirSync(process.env.ESTIMATE_PDF_OUT, { recursive: true });
    writeFileSync(path.join(process.env.ESTIMATE_PDF_OUT, name), pdf);
  }
  return file;
}

/** Each page's lines as pdftotext -layout lays them out, trimmed, with runs of spaces made one. */
function pagesOf(file: string): string[][] {
  const pages = execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', file, '-'], { encoding: 'utf8' }).split('\f');
  if (pages.at(-1)!.trim() === '') pages.pop();
  return pages.map((page) =>
    page
      .split('\n')
      .map((line) => line.trim().replace(/\s+/g, ' '))
      .filter(Boolean),
  );
}

const qpdfCheck = (file: string) => execFileSync('qpdf', ['--check', file], { encoding: 'utf8' });
const pageCount = (file: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);

const TWICE_A_WEEK = 'FREQ=WEEKLY;BYDAY=MO,TH';

let ids = 0;
const line = (name: string, overrides: Partial<EstimateLine> = {}): EstimateLine => {
  const rrule = overrides.rrule === undefined ? TWICE_A_WEEK : overrides.rrule;
  return {
    id: `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    serviceId: null,
    name,
    description: '',
    unit: 'visit',
    unitPriceCents: 8500,
    taxClass: 'exempt',
    frequency: rrule ? describeRrule(rrule) : 'One time',
    optional: false,
    ...overrides,
    rrule,
  };
};

const property = (name: string, overrides: Partial<EstimateProperty>, lines: EstimateLine[]): EstimateProperty => ({
  id: `10000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
  propertyId: null,
  name,
  address: '100 Main St',
  city: 'Milwaukee',
  state: 'WI',
  zipCode: '53202',
  propertyType: 'Retail Center',
  parkingSpaces: null,
  squareFeet: null,
  taxJurisdiction: 'milwaukee-city',
  taxRateBp: 790,
  ...overrides,
  lines,
});

const parkingLot = line('Parking Lot Cleaning', {
  description: 'Sweep the lot and drive lanes, pick up litter, empty the cart corrals.',
});
const landscaped = line('Landscaped Area Cleanup', {
  unitPriceCents: 6000,
  rrule: 'FREQ=WEEKLY;BYDAY=WE',
  taxClass: 'taxable',
  description: 'Litter and debris out of the beds and islands.',
});
const initialCleanup = line('Initial Cleanup', {
  unit: 'once',
  unitPriceCents: 45000,
  rrule: null,
  description: 'One deep clean before regular service starts.',
});
const sidewalks = line('Sidewalks & Building Entrances', { unitPriceCents: 4000, rrule: 'FREQ=WEEKLY;BYDAY=TU' });
const receptacles = line('Trash Receptacle Maintenance', { unit: 'month', unitPriceCents: 12000, rrule: 'FREQ=MONTHLY;BYMONTHDAY=1' });
const dumpsters = line('Dumpster & Waste Areas', {
  unitPriceCents: 3500,
  rrule: 'FREQ=WEEKLY;BYDAY=FR',
  optional: true,
  description: 'Pick up around the enclosure and hose the pad.',
});
const layton = line('Parking Lot Cleaning', { unitPriceCents: 9500, rrule: 'FREQ=WEEKLY;BYDAY=MO' });
const callout = line('Emergency Callout', { unit: 'hour', unitPriceCents: 9500, rrule: null, frequency: 'As needed' });

const harbor = property('Harbor View Plaza', { address: '2100 S Kinnickinnic Ave', zipCode: '53207', parkingSpaces: 120 }, [
  parkingLot,
  landscaped,
  initialCleanup,
]);
const bluemound = property(
  'Bluemound Office Park',
  {
    address: '16800 W Bluemound Rd',
    city: 'Brookfield',
    zipCode: '53005',
    propertyType: 'Office',
    squareFeet: 45000,
    taxJurisdiction: 'waukesha-county',
    taxRateBp: 550,
  },
  [sidewalks, receptacles, dumpsters],
);
const laytonCommons = property(
  'Layton Commons',
  {
    address: '4500 S 27th St',
    city: 'Greenfield',
    zipCode: '53221',
    propertyType: 'Parking Lot',
    taxJurisdiction: 'milwaukee-county',
    taxRateBp: 590,
  },
  [layton, callout],
);

const estimate: PublicEstimate = {
  number: 1001,
  version: 2,
  status: 'sent',
  companyName: 'Harbor Retail Group LLC',
  contactName: 'Dana Kowalski',
  note: 'Thank you for walking the three sites with us on Tuesday. The prices below follow what we saw: the Harbor View lot needs a deep clean first, and the Bluemound dumpster enclosure is optional.',
  termsOffered: ['month-to-month', '6-months', '12-months'],
  termDiscounts: { 'month-to-month': 0, '6-months': 500, '12-months': 1000 },
  proposedStartDate: '2026-04-06',
  validUntil: '2026-04-30',
  sentAt: '2026-03-31T15:20:00.000Z',
  properties: [harbor, bluemound, laytonCommons],
  replacement: null,
  acceptance: null,
  pdfUrl: '/api/estimates/x/pdf',
  photos: [],
  photoBase: '/api/estimates/x/photos',
};

const appUrl = 'https://app.lakeshorelotcare.com';

const acceptance: EstimateAcceptanceEvidence = {
  name: 'Dana Kowalski',
  title: 'Director of Facilities',
  at: '2026-04-02T19:14:00.000Z',
  term: '12-months',
  optionalLineIds: [],
  poNumbers: { [harbor.id]: 'HRG-4471', [laytonCommons.id]: 'HRG-4472' },
  hash: 'c3ab8ff13720e8ad9047dd39466b3c8974e592c2fa383d4a3960714caef0c4f2',
  ip: '203.0.113.24',
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
};

const FOOTER = /^Lakeshore Lot Care · Estimate 1001, version 2 · Harbor Retail Group LLC( · Signed copy)? Page (\d+)$/;

describe('the estimate PDF', () => {
  it('prints the company, the estimate, each property with its lines and totals, the terms offered and the terms and conditions', async () => {
    const file = pdfFile(await renderEstimatePdf({ estimate, appUrl }), 'estimate.pdf');
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors found');
    const pages = pagesOf(file);
    expect(pages).toHaveLength(pageCount(file));
    const all = pages.flat().join('\n');

    // The company and the estimate.
    expect(pages[0]!.join('\n')).toMatch(/^Lakeshore Lot Care\b/m);
    expect(all).toContain('Licensed, bonded & insured in Wisconsin');
    expect(all).toContain('(414) 555-0142');
    expect(all).toContain('app.lakeshorelotcare.com');
    expect(all).toContain('Estimate 1001');
    expect(all).toContain('Version 2');
    expect(all).toMatch(/^PREPARED FOR Date sent March 31, 2026$/m);
    expect(all).toMatch(/^Harbor Retail Group LLC Valid until April 30, 2026$/m);
    expect(all).toMatch(/^Dana Kowalski Proposed start April 6, 2026$/m);
    expect(all).toContain('Thank you for walking the three sites with us on Tuesday.');

    // Each property: name, address, type and size.
    expect(all).toContain('2100 S Kinnickinnic Ave, Milwaukee, WI 53207');
    expect(all).toContain('Retail Center · 120 parking spaces');
    expect(all).toContain('Office · 45,000 sq ft');
    expect(all).toMatch(/^Parking Lot$/m);

    // The lines: service, frequency in words, price with its unit, "about $X a month", the optional marker.
    expect(all).toMatch(/Parking Lot Cleaning Every Monday and Thursday \$85\.00 per visit/);
    // Hand-computed: twice a week is 2 × 365.25 / 7 / 12 = 8.6964… visits a month; 8.6964… × $85.00 = $739.196…
    expect(all).toContain('about $739.20 a month');
    expect(all).toMatch(/Initial Cleanup One time \$450\.00 one time/);
    expect(all).toMatch(/Trash Receptacle Maintenance Monthly on the 1st \$120\.00 per month/);
    expect(all).toMatch(/Dumpster & Waste Areas Optional Every Friday \$35\.00 per visit/);
    expect(all).toMatch(/Emergency Callout As needed \$95\.00 per hour/);
    expect(all).toContain('Sweep the lot and drive lanes');

    // Per property, before any term discount: the figures of estimateTotals.
    const base = estimateTotals(estimate.properties, { discountBp: 0, chosenOptionalIds: [] });
    const [harborTotals, bluemoundTotals, laytonTotals] = base.properties;
    expect(all).toContain(`Monthly subtotal ${formatCents(harborTotals!.monthlyCents)}`);
    expect(all).toContain(`Sales tax (City of Milwaukee, 7.9%) ${formatCents(harborTotals!.monthlyTaxCents)}`);
    // The initial cleanup is cleaning, not taxed: the one-time work has no tax line.
    expect(harborTotals!.oneTimeTaxCents).toBe(0);
    expect(all.match(/Sales tax \(/g)).toHaveLength(1);
    expect(all).toContain(`About a month ${formatCents(harborTotals!.monthlyTotalCents)}`);
    expect(all).toContain(`One-time total ${formatCents(harborTotals!.oneTimeTotalCents)}`);
    expect(all).toContain(`Monthly subtotal ${formatCents(bluemoundTotals!.monthlyCents)}`);
    expect(all).toContain(`Monthly subtotal ${formatCents(laytonTotals!.monthlyCents)}`);
    // No taxable work at Bluemound or Layton: no tax line with their jurisdictions.
    expect(all).not.toContain('Waukesha County, 5.5%');
    expect(all).not.toContain('Milwaukee County, 5.9%');

    // The terms offered, each with its discount and its monthly total for all the properties.
    for (const [term, name, discountBp, percent] of [
      ['month-to-month', 'Month-to-month', 0, 'None'],
      ['6-months', '6 months', 500, '5%'],
      ['12-months', '12 months', 1000, '10%'],
    ] as const) {
      const totals = estimateTotals(estimate.properties, { discountBp, chosenOptionalIds: [] });
      const saved = discountBp ? formatCents(totals.monthlyDiscountCents) : '-';
      expect(all, term).toContain(
        `${name} ${percent} ${saved} ${formatCents(totals.monthlyTaxCents)} ${formatCents(totals.monthlyTotalCents)}`,
      );
    }
    expect(all).toContain(`One-time total, not discounted ${formatCents(base.oneTimeTotalCents)}`);
    expect(all).toContain('Accept online with the link in your e-mail');

    // The terms and conditions, word for word (compared without spaces: pdftotext breaks lines after a hyphen too).
    const squeezed = (value: string) => value.replace(/\s+/g, '');
    const flat = squeezed(pages.flat().join(''));
    expect(ESTIMATE_TERMS.length).toBeGreaterThanOrEqual(6);
    for (const term of ESTIMATE_TERMS) expect(flat).toContain(squeezed(term));

    // The footer on every page, numbered.
    pages.forEach((page, index) => expect(page.at(-1)!.match(FOOTER)?.[2], `page ${index + 1}`).toBe(String(index + 1)));
    // No photos on this estimate: no section for them, and no image in the file.
    expect(all).not.toContain('Photos from the property visit');
    expect(pdfImages(file)).toEqual([]);
  });

  it('prints the photos from the property visit, three across with their captions, and says which one is unavailable', async () => {
    const photo = (n: number, caption: string, takenAt: string | null) => ({
      id: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      caption,
      propertyName: 'Harbor View Plaza',
      width: 1600,
      height: 1200,
      variantWidths: [400, 1200, 1600],
      takenAt,
    });
    const photos = [
      photo(1, 'Litter along the Kinnickinnic Ave berm', '2026-03-24T14:05:00.000Z'),
      photo(2, 'Overflowing receptacle by the east entrance', '2026-03-24T14:12:00.000Z'),
      photo(3, '', '2026-03-24T14:20:00.000Z'),
      photo(4, 'Storm drain at the rear lot, half blocked with leaves', null),
    ];
    // Three JPEGs as the photo store's smallest width would give them (4:3, 400 px); the fourth's file is gone.
    const jpeg = (shade: number) =>
      sharp({ create: { width: 400, height: 300, channels: 3, background: { r: shade, g: 110, b: 90 } } })
        .jpeg()
        .toBuffer({ resolveWithObject: true })
        .then(({ data, info }) => ({ data, width: info.width, height: info.height }));
    const photoImages = new Map(
      await Promise.all(photos.slice(0, 3).map(async (shown, i) => [shown.id, await jpeg(60 + i * 40)] as const)),
    );
    const file = pdfFile(await renderEstimatePdf({ estimate: { ...estimate, photos }, appUrl, photoImages }), 'estimate-photos.pdf');
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors found');

    // Three embedded JPEGs (pdfimages: "image", 400 × 300, DCT-encoded), and the fourth drawn as unavailable.
    const images = pdfImages(file);
    expect(images).toHaveLength(3);
    for (const image of images) expect(image).toMatchObject({ type: 'image', width: 400, height: 300, encoding: 'jpeg' });
    const pages = pagesOf(file);
    const all = pages.flat().join('\n');
    expect(all).toContain('Photos from the property visit');
    expect(all).toContain('4 photos our crew took on the free property visit, before we priced the work.');
    expect(all).toContain('Litter along the Kinnickinnic Ave berm');
    // The property and the day in Milwaukee, in the page's own words (its alt text).
    expect(all).toContain('Harbor View Plaza, taken Mar 24, 2026');
    expect(all).toContain('Photo unavailable');
    // After the terms offered, before the terms and conditions.
    const order = ['Terms offered', 'Photos from the property visit', 'Terms and conditions'].map((title) => all.indexOf(title));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    pages.forEach((page, index) => expect(page.at(-1), `page ${index + 1}`).toMatch(FOOTER));
  });

  it('keeps each property heading with its table on a 12-property estimate', async () => {
    const sites = [
      'Brookfield Square',
      'Wauwatosa Village',
      'Greenfield Commons',
      'New Berlin Plaza',
      'Oak Creek Center',
      'Menomonee Falls Crossing',
    ];
    const properties = Array.from({ length: 12 }, (_, i) =>
      property(`${sites[i % 6]} ${i < 6 ? 'East' : 'West'}`, { address: `${1200 + i * 35} W Bluemound Rd`, parkingSpaces: 80 + i * 10 }, [
        line('Parking Lot Cleaning', { description: 'Sweep the lot and drive lanes, pick up litter.' }),
        line('Sidewalks & Building Entrances', { unitPriceCents: 4000, rrule: 'FREQ=WEEKLY;BYDAY=TU' }),
        ...(i % 3 === 0
          ? [line('Landscaped Area Cleanup', { unitPriceCents: 6000, taxClass: 'taxable' as const, rrule: 'FREQ=WEEKLY;BYDAY=WE' })]
          : []),
        ...(i % 4 === 1 ? [line('Initial Cleanup', { unit: 'once' as const, unitPriceCents: 45000, rrule: null })] : []),
      ]),
    );
    const file = pdfFile(await renderEstimatePdf({ estimate: { ...estimate, properties }, appUrl }), 'estimate-12.pdf');
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors found');
    const pages = pagesOf(file);
    const headings = new Set(properties.map((p) => p.name));
    let seen = 0;
    pages.forEach((page, index) => {
      page.forEach((text, at) => {
        const name = text.replace(/ Property \d+ of 12$/, '');
        if (!headings.has(name)) return;
        seen += 1;
        // Under the heading on the same page: its address, its type, the table's header and a first row.
        const after = page.slice(at + 1, at + 5);
        expect(after[2], `${name} on page ${index + 1}`).toMatch(/^SERVICE FREQUENCY PRICE$/);
        expect(after[3], `${name} on page ${index + 1}`).toMatch(/^Parking Lot Cleaning /);
      });
    });
    expect(seen).toBe(12);
    pages.forEach((page, index) => expect(page.at(-1), `page ${index + 1}`).toMatch(FOOTER));
  });

  it('prints the signed copy: the accepted term and options marked, the PO numbers and the acceptance page', async () => {
    const file = pdfFile(await renderEstimatePdf({ estimate, acceptance, appUrl }), 'estimate-signed.pdf');
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors found');
    const pages = pagesOf(file);
    const all = pages.flat().join('\n');
    expect(all).toMatch(/Dumpster & Waste Areas Not chosen Every Friday \$35\.00 per visit/);
    expect(all).toContain('PO HRG-4471');
    expect(all).toContain('PO HRG-4472');
    expect(all).toContain('No PO number');
    const chosen = estimateTotals(estimate.properties, { discountBp: 1000, chosenOptionalIds: [] });
    expect(all).toMatch(new RegExp(`^12 months Accepted 10% ${escape(formatCents(chosen.monthlyDiscountCents))} `, 'm'));
    expect(all).toContain(`Discount for 12 months (10%) ${formatCents(-chosen.properties[0]!.monthlyDiscountCents)}`);

    // The acceptance page, last, with the evidence.
    const last = pages.at(-1)!.join('\n');
    expect(last).toMatch(/^Acceptance$/m);
    // 19:14 UTC on April 2, 2026 is 2:14 PM in Milwaukee (CDT).
    expect(pages.at(-1)!.join(' ')).toContain('Accepted online by Dana Kowalski, Director of Facilities, on April 2, 2026 at 2:14 PM CDT.');
    expect(last).toContain('Term accepted 12 months (10% discount)');
    expect(last).toContain(`Monthly total accepted ${formatCents(chosen.monthlyTotalCents)} a month, tax included`);
    expect(last).toContain(`One-time total accepted ${formatCents(chosen.oneTimeTotalCents)}`);
    expect(last).toContain('Option not chosen Dumpster & Waste Areas, Bluemound Office Park');
    expect(last).toContain('PO number, Harbor View Plaza HRG-4471');
    expect(last).toContain('IP address 203.0.113.24');
    expect(last).toContain('Browser Safari on iOS');
    expect(last).toContain(`Fingerprint of the accepted estimate (SHA-256):\n${acceptance.hash}`);
    pages.forEach((page, index) => expect(page.at(-1)!.match(FOOTER)?.[1], `page ${index + 1}`).toBe(' · Signed copy'));
  });

  it('counts a chosen option in the signed copy’s totals and marks it chosen', async () => {
    const file = pdfFile(
      await renderEstimatePdf({ estimate, acceptance: { ...acceptance, term: 'month-to-month', optionalLineIds: [dumpsters.id] }, appUrl }),
      'estimate-signed-option.pdf',
    );
    const all = pagesOf(file).flat().join('\n');
    expect(all).toMatch(/Dumpster & Waste Areas Chosen Every Friday/);
    expect(all).not.toContain('Not chosen Every');
    const chosen = estimateTotals(estimate.properties, { discountBp: 0, chosenOptionalIds: [dumpsters.id] });
    expect(all).toContain(`Monthly total accepted ${formatCents(chosen.monthlyTotalCents)} a month, tax included`);
    expect(all).toContain('Option chosen Dumpster & Waste Areas, Bluemound Office Park');
    expect(all).not.toContain('Discount for');
  });

  it('names the file after the estimate and the customer', () => {
    expect(estimatePdfFileName(estimate)).toBe('Estimate-1001-v2-Harbor-Retail-Group-LLC.pdf');
    expect(estimatePdfFileName({ ...estimate, version: 1, companyName: 'Dvořák & Sons' }, true)).toBe(
      'Estimate-1001-Dvorak-Sons-signed.pdf',
    );
  });
});

const escape = (value: string) => value.replace(/[$.*+?()[\]{}|^\\]/g, '\\$&');
