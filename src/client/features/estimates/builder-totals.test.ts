import { describe, expect, it } from 'vitest';
import type { PriceBookService } from '../../../shared/api/pricing';
import { DEFAULT_TERM_DISCOUNTS, estimateTotals } from '../../../shared/estimate-totals';
import { DEFAULT_TAX_RATES } from '../../../shared/tax-jurisdictions';
import { lineAmount, liveTotals } from './builder-totals';
import { newProperty } from './builder-values';

const service = (
  id: string,
  unit: PriceBookService['unit'],
  priceCents: number,
  taxClass: PriceBookService['taxClass'] = 'exempt',
): PriceBookService => ({
  id,
  name: id,
  description: '',
  unit,
  priceCents,
  taxClass,
  checklist: [],
  position: 0,
  active: true,
});
const services = new Map(
  [
    service('sweep', 'visit', 8500),
    service('beds', 'visit', 6000, 'taxable'),
    service('initial', 'once', 35000),
    service('callout', 'hour', 9500),
  ].map((s) => [s.id, s]),
);
const settings = { termDiscounts: DEFAULT_TERM_DISCOUNTS, taxRates: DEFAULT_TAX_RATES };
const twiceWeekly = { kind: 'weekly' as const, weekdays: ['MO' as const, 'TH' as const], interval: 1 };

describe('the builder’s live totals', () => {
  it('are the shared estimateTotals of the lines as typed, with no option ticked, per term offered', () => {
    const properties = [
      newProperty({
        city: 'Milwaukee',
        lines: [
          { serviceId: 'sweep', unitPriceCents: '95', rrule: twiceWeekly, optional: false },
          { serviceId: 'beds', unitPriceCents: '60.00', rrule: twiceWeekly, optional: false },
          { serviceId: 'beds', unitPriceCents: '60.00', rrule: null, optional: true },
        ],
      }),
      newProperty({ city: 'Waukesha', lines: [{ serviceId: 'initial', unitPriceCents: '350', rrule: null, optional: false }] }),
    ];
    const totals = liveTotals(properties, services, settings, ['month-to-month', '12-months']);
    const expected = (discountBp: number) =>
      estimateTotals(
        [
          {
            id: 'a',
            taxRateBp: 790,
            lines: [
              { id: 'a1', unit: 'visit', unitPriceCents: 9500, rrule: 'FREQ=WEEKLY;BYDAY=MO,TH', taxClass: 'exempt', optional: false },
              { id: 'a2', unit: 'visit', unitPriceCents: 6000, rrule: 'FREQ=WEEKLY;BYDAY=MO,TH', taxClass: 'taxable', optional: false },
              { id: 'a3', unit: 'visit', unitPriceCents: 6000, rrule: null, taxClass: 'taxable', optional: true },
            ],
          },
          {
            id: 'b',
            taxRateBp: 550,
            lines: [{ id: 'b1', unit: 'once', unitPriceCents: 35000, rrule: null, taxClass: 'exempt', optional: false }],
          },
        ],
        { discountBp, chosenOptionalIds: [] },
      );
    expect(totals.terms.map((term) => [term.term, term.totals.monthlyTotalCents])).toEqual([
      ['month-to-month', expected(0).monthlyTotalCents],
      ['12-months', expected(1000).monthlyTotalCents],
    ]);
    expect(totals.base.oneTimeTotalCents).toBe(35000);
    expect(totals.base.properties[0]!.monthlyTaxCents).toBe(expected(0).properties[0]!.monthlyTaxCents);
    expect(totals.optionalOneTimeCents).toBe(6000);
    expect(totals.incompleteLines).toBe(0);
  });

  it('leave out and count the lines not ready: no service, a price that is not an amount, a round with no weekday', () => {
    const properties = [
      newProperty({
        lines: [
          { serviceId: '', unitPriceCents: '', rrule: null, optional: false },
          { serviceId: 'sweep', unitPriceCents: '85.5.0', rrule: twiceWeekly, optional: false },
          { serviceId: 'sweep', unitPriceCents: '85', rrule: { kind: 'weekly', weekdays: [], interval: 1 }, optional: false },
          { serviceId: 'initial', unitPriceCents: '350', rrule: null, optional: false },
        ],
      }),
    ];
    const totals = liveTotals(properties, services, settings, ['month-to-month']);
    expect(totals.incompleteLines).toBe(3);
    expect(totals.base.oneTimeCents).toBe(35000);
    expect(totals.base.monthlyCents).toBe(0);
  });

  it('say what one line comes to: a month, once, or by the hour', () => {
    expect(
      lineAmount({ serviceId: 'sweep', unitPriceCents: '85', rrule: twiceWeekly, optional: true }, services.get('sweep')),
    ).toMatchObject({
      monthlyCents: estimateTotals(
        [
          {
            id: 'p',
            taxRateBp: 0,
            lines: [
              { id: 'l', unit: 'visit', unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=MO,TH', taxClass: 'exempt', optional: false },
            ],
          },
        ],
        { discountBp: 0, chosenOptionalIds: [] },
      ).monthlyCents,
    });
    expect(lineAmount({ serviceId: 'callout', unitPriceCents: '95', rrule: null, optional: false }, services.get('callout'))).toMatchObject(
      { hourlyCents: 9500 },
    );
    expect(lineAmount({ serviceId: 'sweep', unitPriceCents: 'abc', rrule: null, optional: false }, services.get('sweep'))).toBeNull();
  });
});
