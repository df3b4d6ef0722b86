import { describe, expect, it } from 'vitest';
import type { FirstVisit } from '../../../shared/api/agreements';
import { agreementSummary, type SummaryLine } from './agreement-summary';

/*
 * What an agreement comes to and where its work starts, as the overview's "New agreements" and the
 * agreement's page show it: worked out with numbers done by hand, in whole cents.
 */

const HARBOR = 'property-harbor';
const BROOKFIELD = 'property-brookfield';
const OAK_CREEK = 'property-oak-creek';

const places = new Map([
  [HARBOR, { name: 'Harbor Point Plaza', city: 'Milwaukee' }],
  [BROOKFIELD, { name: 'Brookfield Commons', city: 'Brookfield' }],
  [OAK_CREEK, { name: 'Oak Creek Medical Center', city: 'Oak Creek' }],
]);

const line = (id: string, propertyId: string, values: Partial<SummaryLine>): SummaryLine => ({
  id,
  propertyId,
  unit: 'visit',
  unitPriceCents: 0,
  taxClass: 'exempt',
  taxRateBp: 790,
  rrule: null,
  ...values,
});

const visit = (id: string, date: string, crew: FirstVisit['crew'] = []): FirstVisit => ({ id, date, status: 'scheduled', crew });

describe('agreementSummary', () => {
  it('comes to what the prospect accepted: per visit times the visits in an average month, less the term discount, plus tax on taxable lines', () => {
    const summary = agreementSummary({
      discountBp: 1000,
      lines: [
        // Twice a week at $85: 2 × 1461 / 336 = 8.6964… visits a month, $739.196… → $739.20 a month.
        line('sweep', HARBOR, { unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=MO,TH' }),
        // Landscaping, taxable at 7.9 %: 1461 / 336 × $60 = $260.892… → $260.89 a month.
        line('landscaping', HARBOR, { unitPriceCents: 6000, rrule: 'FREQ=WEEKLY;BYDAY=MO', taxClass: 'taxable' }),
        line('initial', HARBOR, { unit: 'once', unitPriceCents: 35000 }),
        // Monthly on the 31st: only 7 months in 12 have one, so $120 × 7/12 = $70.00.
        line('entrances', BROOKFIELD, { unitPriceCents: 12000, rrule: 'FREQ=MONTHLY;BYMONTHDAY=31', taxRateBp: 550 }),
        // By the hour, as needed: shown with its price, in no total.
        line('callout', BROOKFIELD, { unit: 'hour', unitPriceCents: 12500, taxRateBp: 550 }),
        line('walks', OAK_CREEK, { unit: 'month', unitPriceCents: 19999, taxRateBp: 590 }),
      ],
      properties: places,
      firstVisits: new Map([
        [HARBOR, visit('visit-1', '2026-03-03', [{ id: 'crew-rosa', name: 'Rosa Alvarez' }])],
        [OAK_CREEK, visit('visit-2', '2026-03-04')],
      ]),
    });

    // Harbor Point: $739.20 + $260.89 = $1,000.09; 10 % off = $100.009 → $100.01, shared $73.92 / $26.09
    // (the leftover cent to the larger remainder); tax on the landscaping's $234.80 at 7.9 % = $18.549… → $18.55.
    // One time: $350.00, exempt.
    const harbor = summary.properties[0]!;
    expect(harbor).toEqual({
      propertyId: HARBOR,
      name: 'Harbor Point Plaza',
      city: 'Milwaukee',
      monthlyTotalCents: 100_009 - 10_001 + 1855,
      oneTimeTotalCents: 35_000,
      firstVisit: visit('visit-1', '2026-03-03', [{ id: 'crew-rosa', name: 'Rosa Alvarez' }]),
    });
    // Brookfield: $70.00 less $7.00; the hourly callout adds nothing. Oak Creek: $199.99 less $20.00 (19.999 rounds up).
    expect(summary.properties.slice(1).map((property) => [property.name, property.monthlyTotalCents, property.firstVisit])).toEqual([
      ['Brookfield Commons', 7000 - 700, null],
      ['Oak Creek Medical Center', 19_999 - 2000, visit('visit-2', '2026-03-04')],
    ]);
    expect(summary.totals).toEqual({
      monthlyCents: 100_009 + 7000 + 19_999,
      monthlyDiscountCents: 10_001 + 700 + 2000,
      monthlyTaxCents: 1855,
      monthlyTotalCents: 91_863 + 6300 + 17_999,
      oneTimeCents: 35_000,
      oneTimeTaxCents: 0,
      oneTimeTotalCents: 35_000,
    });
    expect(Object.fromEntries(summary.lines)).toEqual({
      sweep: { monthlyCents: 73_920, oneTimeCents: 0 },
      landscaping: { monthlyCents: 26_089, oneTimeCents: 0 },
      initial: { monthlyCents: 0, oneTimeCents: 35_000 },
      entrances: { monthlyCents: 7000, oneTimeCents: 0 },
      callout: { monthlyCents: 0, oneTimeCents: 0 },
      walks: { monthlyCents: 19_999, oneTimeCents: 0 },
    });
  });

  it('lists each property once, in the order of its first line, even when its lines are not together', () => {
    const summary = agreementSummary({
      discountBp: 0,
      lines: [
        line('a', OAK_CREEK, { unit: 'month', unitPriceCents: 5000 }),
        line('b', HARBOR, { unit: 'month', unitPriceCents: 7000 }),
        line('c', OAK_CREEK, { unit: 'once', unitPriceCents: 2500, taxClass: 'taxable' }),
      ],
      properties: places,
      firstVisits: new Map(),
    });
    // Oak Creek's one-time line is taxable at 7.9 %: $25.00 + $1.975 → $1.98.
    expect(summary.properties.map((property) => [property.name, property.monthlyTotalCents, property.oneTimeTotalCents])).toEqual([
      ['Oak Creek Medical Center', 5000, 2698],
      ['Harbor Point Plaza', 7000, 0],
    ]);
    expect(summary.properties.every((property) => property.firstVisit === null)).toBe(true);
  });

  it('comes to nothing for an agreement with no lines left', () => {
    const summary = agreementSummary({ discountBp: 500, lines: [], properties: places, firstVisits: new Map() });
    expect(summary.properties).toEqual([]);
    expect(summary.totals.monthlyTotalCents).toBe(0);
    expect(summary.totals.oneTimeTotalCents).toBe(0);
  });
});
