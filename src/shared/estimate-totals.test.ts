import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AGREEMENT_TERMS,
  DEFAULT_TERM_DISCOUNTS,
  SERVICE_UNITS,
  TAX_CLASSES,
  TERM_MONTHS,
  TERM_NAMES,
  UNIT_NAMES,
  estimateTotals,
  formatPercent,
  visitsPerMonth,
  type EstimateTotals,
  type PropertyTotals,
  type TotalsLine,
  type TotalsProperty,
} from './estimate-totals';
import { MAX_CENTS } from './money';

const TWICE_A_WEEK = 'FREQ=WEEKLY;BYDAY=MO,TH';
const EVERY_OTHER_TUESDAY = 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU';
const MONTHLY_ON_THE_15TH = 'FREQ=MONTHLY;BYMONTHDAY=15';

const line = (id: string, overrides: Partial<TotalsLine> = {}): TotalsLine => ({
  id,
  unit: 'visit',
  unitPriceCents: 8500,
  rrule: TWICE_A_WEEK,
  taxClass: 'exempt',
  optional: false,
  ...overrides,
});
const noChoices = { discountBp: 0, chosenOptionalIds: [] };

/** A Bay View retail lot in the City of Milwaukee (5 % + 0.9 % + 2 % = 7.9 %). */
const bayView: TotalsProperty = {
  id: 'bay-view-plaza',
  taxRateBp: 790,
  lines: [
    line('parking-lot', { unitPriceCents: 8500, rrule: TWICE_A_WEEK }),
    line('landscaped-area', { unitPriceCents: 4500, rrule: EVERY_OTHER_TUESDAY, taxClass: 'taxable' }),
    line('trash-receptacles', { unit: 'month', unitPriceCents: 6000, rrule: 'FREQ=WEEKLY;BYDAY=FR' }),
    line('initial-cleanup', { unit: 'once', unitPriceCents: 35000, rrule: null }),
    line('sidewalks', { unitPriceCents: 3000, rrule: MONTHLY_ON_THE_15TH, optional: true }),
    line('emergency-callout', { unit: 'hour', unitPriceCents: 12500, rrule: null }),
  ],
};

describe('names', () => {
  it('has a name for every unit and term, and the default discounts of the price book', () => {
    expect(SERVICE_UNITS.map((unit) => UNIT_NAMES[unit])).toEqual(['per visit', 'per month', 'per hour', 'one time']);
    expect(AGREEMENT_TERMS.map((term) => TERM_NAMES[term])).toEqual(['Month-to-month', '6 months', '12 months']);
    expect(AGREEMENT_TERMS.map((term) => TERM_MONTHS[term])).toEqual([null, 6, 12]);
    expect(AGREEMENT_TERMS.map((term) => formatPercent(DEFAULT_TERM_DISCOUNTS[term]))).toEqual(['0%', '5%', '10%']);
  });
});

describe('formatPercent', () => {
  it('writes basis points as a percentage without trailing zeros', () => {
    const cases: Array<[number, string]> = [
      [0, '0%'],
      [5, '0.05%'],
      [50, '0.5%'],
      [55, '0.55%'],
      [90, '0.9%'],
      [500, '5%'],
      [790, '7.9%'],
      [1000, '10%'],
      [1001, '10.01%'],
      [10_000, '100%'],
    ];
    for (const [bp, text] of cases) expect(formatPercent(bp), String(bp)).toBe(text);
  });

  it('refuses what is not whole basis points from 0 to 100 %', () => {
    for (const bp of [-1, 0.5, 10_001, Number.NaN]) expect(() => formatPercent(bp), String(bp)).toThrow(RangeError);
  });
});

describe('visitsPerMonth', () => {
  it('counts 365.25 / 7 / 12 weeks in a month for each weekday, every N weeks, as an exact fraction', () => {
    // 365.25 / 84 = 1461 / 336 visits a month per weekday: 2 weekdays is 2922 / 336 = 487 / 56 (8.696…).
    expect(visitsPerMonth(TWICE_A_WEEK)).toEqual({ numerator: 487, denominator: 56 });
    expect(visitsPerMonth('FREQ=WEEKLY;BYDAY=MO')).toEqual({ numerator: 487, denominator: 112 });
    // Every 2 weeks halves it: 1461 / 672 = 487 / 224 (2.174…).
    expect(visitsPerMonth(EVERY_OTHER_TUESDAY)).toEqual({ numerator: 487, denominator: 224 });
    expect(visitsPerMonth('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU')).toEqual({ numerator: 487, denominator: 16 });
    expect(visitsPerMonth('FREQ=WEEKLY;INTERVAL=12;BYDAY=MO,TH')).toEqual({ numerator: 487, denominator: 672 });
    // Case, order and a repeated weekday read as the plan form reads them.
    expect(visitsPerMonth('rrule:byday=th,mo,mo;freq=weekly')).toEqual({ numerator: 487, denominator: 56 });
  });

  it('counts one visit a month on a weekday of the month, a day up to the 28th, or the last day', () => {
    for (const rrule of [
      MONTHLY_ON_THE_15TH,
      'FREQ=MONTHLY;BYMONTHDAY=1',
      'FREQ=MONTHLY;BYMONTHDAY=28',
      'FREQ=MONTHLY;BYMONTHDAY=-1',
      'FREQ=MONTHLY;BYDAY=+2WE',
      'FREQ=MONTHLY;BYDAY=-1FR',
    ]) {
      expect(visitsPerMonth(rrule), rrule).toEqual({ numerator: 1, denominator: 1 });
    }
  });

  it('counts only the months that have the 29th, 30th or 31st', () => {
    // 45 of every 48 months have a 29th (all but 3 Februaries), 44 a 30th, 28 a 31st.
    expect(visitsPerMonth('FREQ=MONTHLY;BYMONTHDAY=29')).toEqual({ numerator: 15, denominator: 16 });
    expect(visitsPerMonth('FREQ=MONTHLY;BYMONTHDAY=30')).toEqual({ numerator: 11, denominator: 12 });
    expect(visitsPerMonth('FREQ=MONTHLY;BYMONTHDAY=31')).toEqual({ numerator: 7, denominator: 12 });
  });

  it('refuses a rule the plan form refuses, with its words', () => {
    expect(() => visitsPerMonth('FREQ=DAILY')).toThrow(/Plans repeat weekly or monthly/);
    expect(() => visitsPerMonth('FREQ=WEEKLY;BYDAY=MO;COUNT=4')).toThrow(RangeError);
    expect(() => visitsPerMonth('')).toThrow(RangeError);
  });
});

describe('estimateTotals: examples', () => {
  it('prices a visit line at its price times the visits in an average month, rounded once', () => {
    // $85 × 487 / 56 = 4,139,500 / 56 = 73,919.64 cents: about $739.20 a month.
    // $45 × 487 / 224 = 2,191,500 / 224 = 9,783.48 cents: about $97.83 a month.
    // $30 on the 15th = $30.00 a month.
    const totals = estimateTotals(
      [
        {
          id: 'p',
          taxRateBp: 0,
          lines: [
            line('a', { unitPriceCents: 8500, rrule: TWICE_A_WEEK }),
            line('b', { unitPriceCents: 4500, rrule: EVERY_OTHER_TUESDAY }),
            line('c', { unitPriceCents: 3000, rrule: MONTHLY_ON_THE_15TH }),
          ],
        },
      ],
      noChoices,
    );
    expect(totals.properties[0]!.lines.map((l) => l.monthlyCents)).toEqual([73920, 9783, 3000]);
    expect(totals.monthlyTotalCents).toBe(73920 + 9783 + 3000);
  });

  it('takes the 12-month discount off the monthly amount and taxes only the landscaping, at 7.9 % in Milwaukee', () => {
    const totals = estimateTotals([bayView], { discountBp: DEFAULT_TERM_DISCOUNTS['12-months'], chosenOptionalIds: [] });
    const [property] = totals.properties;
    expect(property!.lines).toEqual([
      { id: 'parking-lot', included: true, monthlyCents: 73920, oneTimeCents: 0, hourlyCents: 0 },
      { id: 'landscaped-area', included: true, monthlyCents: 9783, oneTimeCents: 0, hourlyCents: 0 },
      { id: 'trash-receptacles', included: true, monthlyCents: 6000, oneTimeCents: 0, hourlyCents: 0 },
      { id: 'initial-cleanup', included: true, monthlyCents: 0, oneTimeCents: 35000, hourlyCents: 0 },
      // Unticked, it still shows what it would add, but counts in no total.
      { id: 'sidewalks', included: false, monthlyCents: 3000, oneTimeCents: 0, hourlyCents: 0 },
      { id: 'emergency-callout', included: true, monthlyCents: 0, oneTimeCents: 0, hourlyCents: 12500 },
    ]);
    // Monthly: 73,920 + 9,783 + 6,000 = 89,703; 10 % is 8,970.3, so 8,970 off.
    // The discount shared by amount: 7,391.75 / 978.26 / 599.98 exact, so 7,392 / 978 / 600.
    // The landscaping is taxed on 9,783 - 978 = 8,805: 7.9 % is 695.595, so 696.
    // The one-time initial cleanup is exempt and never discounted.
    const expected = {
      monthlyCents: 89703,
      monthlyDiscountCents: 8970,
      monthlyTaxCents: 696,
      monthlyTotalCents: 89703 - 8970 + 696,
      oneTimeCents: 35000,
      oneTimeTaxCents: 0,
      oneTimeTotalCents: 35000,
    };
    expect(property).toMatchObject(expected);
    expect(totals).toMatchObject(expected);
  });

  it('counts an optional line once ticked on', () => {
    const totals = estimateTotals([bayView], { discountBp: 0, chosenOptionalIds: new Set(['sidewalks']) });
    expect(totals.properties[0]!.lines.find((l) => l.id === 'sidewalks')?.included).toBe(true);
    // 89,703 + 3,000 a month; no discount, so the landscaping is taxed on all of 9,783: 772.857, so 773.
    expect(totals).toMatchObject({ monthlyCents: 92703, monthlyDiscountCents: 0, monthlyTaxCents: 773, monthlyTotalCents: 93476 });
  });

  it('taxes one-time landscaping without a discount, and treats a visit without a recurrence as one-time', () => {
    const property: TotalsProperty = {
      id: 'wauwatosa-office-park',
      taxRateBp: 590, // Milwaukee County: 5 % + 0.9 %
      lines: [
        line('spring-cleanup', { unit: 'once', unitPriceCents: 42500, rrule: null, taxClass: 'taxable' }),
        line('lot-sweep', { unitPriceCents: 15000, rrule: null }),
      ],
    };
    const totals = estimateTotals([property], { discountBp: 1000, chosenOptionalIds: [] });
    // 42,500 × 5.9 % = 2,507.5, so 2,508 (half up); the single $150 sweep is exempt.
    expect(totals).toMatchObject({
      monthlyCents: 0,
      monthlyDiscountCents: 0,
      monthlyTotalCents: 0,
      oneTimeCents: 57500,
      oneTimeTaxCents: 2508,
      oneTimeTotalCents: 60008,
    });
  });

  it('adds up several properties, each at its own tax rate, with the discount rounded once per property', () => {
    const brookfield: TotalsProperty = {
      id: 'brookfield-medical',
      taxRateBp: 550, // Waukesha County: 5 % + 0.5 %
      lines: [
        line('lot', { unit: 'month', unitPriceCents: 1005, rrule: null }),
        line('beds', { unit: 'month', unitPriceCents: 1005, rrule: null, taxClass: 'taxable' }),
      ],
    };
    const totals = estimateTotals([bayView, brookfield], { discountBp: 500, chosenOptionalIds: [] });
    const second = totals.properties[1]!;
    // 2,010 × 5 % = 100.5, so 101 off (once, not 50.25 + 50.25 per line); shared 51 / 50 (earlier line first on a tie).
    // The beds are taxed on 1,005 - 50 = 955: 5.5 % is 52.525, so 53.
    expect(second).toMatchObject({ monthlyCents: 2010, monthlyDiscountCents: 101, monthlyTaxCents: 53, monthlyTotalCents: 1962 });
    expect(totals.monthlyTotalCents).toBe(totals.properties[0]!.monthlyTotalCents + 1962);
  });

  it('gives zeros for an estimate with no properties or no lines', () => {
    const zeros = {
      monthlyCents: 0,
      monthlyDiscountCents: 0,
      monthlyTaxCents: 0,
      monthlyTotalCents: 0,
      oneTimeCents: 0,
      oneTimeTaxCents: 0,
      oneTimeTotalCents: 0,
    };
    expect(estimateTotals([], { discountBp: 1000, chosenOptionalIds: [] })).toEqual({ properties: [], ...zeros });
    expect(estimateTotals([{ id: 'empty', taxRateBp: 790, lines: [] }], { discountBp: 1000, chosenOptionalIds: [] })).toMatchObject(zeros);
  });
});

describe('estimateTotals: bad input', () => {
  const refuses = (properties: TotalsProperty[], options: Parameters<typeof estimateTotals>[1], message: RegExp) =>
    expect(() => estimateTotals(properties, options)).toThrow(message);
  const withLine = (overrides: Partial<TotalsLine>) => [{ id: 'p', taxRateBp: 500, lines: [line('l', overrides)] }];

  it('refuses prices that are not whole cents, zero or more', () => {
    for (const unitPriceCents of [-1, 12.5, Number.NaN, MAX_CENTS + 2]) {
      refuses(withLine({ unitPriceCents }), noChoices, /price of line l must be a whole number of cents/);
    }
  });

  it('refuses rates and discounts outside 0 to 100 % in whole basis points', () => {
    for (const bp of [-1, 0.5, 10_001]) {
      refuses([{ id: 'p', taxRateBp: bp, lines: [] }], noChoices, /tax rate of property p must be a whole number of basis points/);
      refuses([], { discountBp: bp, chosenOptionalIds: [] }, /term discount must be a whole number of basis points/);
    }
  });

  it('refuses an unknown unit or tax class, a recurrence the plan form refuses, and repeated ids', () => {
    refuses(withLine({ unit: 'week' as never }), noChoices, /unit of line l must be one of visit, month, hour, once/);
    refuses(withLine({ taxClass: 'luxury' as never }), noChoices, /tax class of line l must be exempt or taxable/);
    refuses(withLine({ rrule: 'FREQ=YEARLY' }), noChoices, /Cannot count the visits of "FREQ=YEARLY"/);
    refuses(withLine({ unit: 'month', rrule: 'FREQ=WEEKLY' }), noChoices, /Choose at least one weekday/);
    refuses([{ id: 'p', taxRateBp: 0, lines: [line('l'), line('l')] }], noChoices, /has line l twice/);
    refuses(
      [
        { id: 'p', taxRateBp: 0, lines: [] },
        { id: 'p', taxRateBp: 0, lines: [] },
      ],
      noChoices,
      /has property p twice/,
    );
  });

  it('refuses totals too large to hold in cents instead of losing precision', () => {
    refuses(withLine({ unitPriceCents: MAX_CENTS }), noChoices, /too large/);
    refuses(
      [
        {
          id: 'p',
          taxRateBp: 0,
          lines: [line('a', { unit: 'once', unitPriceCents: MAX_CENTS }), line('b', { unit: 'once', unitPriceCents: 1 })],
        },
      ],
      noChoices,
      /too large/,
    );
  });
});

// Random estimates: plan-form recurrences (and none), every unit and tax class, some optional lines.
const RRULES = [
  null,
  TWICE_A_WEEK,
  EVERY_OTHER_TUESDAY,
  MONTHLY_ON_THE_15TH,
  'FREQ=WEEKLY;BYDAY=MO,WE,FR',
  'FREQ=WEEKLY;INTERVAL=3;BYDAY=SA',
  'FREQ=MONTHLY;BYDAY=+2WE',
  'FREQ=MONTHLY;BYMONTHDAY=31',
];
const lineShape = fc.record({
  unit: fc.constantFrom(...SERVICE_UNITS),
  unitPriceCents: fc.oneof(fc.integer({ min: 0, max: 500_000 }), fc.integer({ min: 0, max: 1e10 })),
  rrule: fc.constantFrom(...RRULES),
  taxClass: fc.constantFrom(...TAX_CLASSES),
  optional: fc.boolean(),
});
const estimateShape = fc.array(
  fc.record({ taxRateBp: fc.integer({ min: 0, max: 10_000 }), lines: fc.array(lineShape, { maxLength: 6 }) }),
  { maxLength: 4 },
);
const withIds = (shapes: Array<{ taxRateBp: number; lines: Array<Omit<TotalsLine, 'id'>> }>): TotalsProperty[] =>
  shapes.map((shape, p) => ({ id: `p${p}`, taxRateBp: shape.taxRateBp, lines: shape.lines.map((l, i) => ({ ...l, id: `p${p}-l${i}` })) }));
const estimate = estimateShape.map(withIds);
const optionalIds = (properties: TotalsProperty[]) => properties.flatMap((p) => p.lines.filter((l) => l.optional).map((l) => l.id));
const choices = (properties: TotalsProperty[]) => fc.subarray(optionalIds(properties));
const discountBp = fc.oneof(fc.constantFrom(...Object.values(DEFAULT_TERM_DISCOUNTS)), fc.integer({ min: 0, max: 10_000 }));

const SUM_KEYS = [
  'monthlyCents',
  'monthlyDiscountCents',
  'monthlyTaxCents',
  'monthlyTotalCents',
  'oneTimeCents',
  'oneTimeTaxCents',
  'oneTimeTotalCents',
] as const;
const sums = (totals: EstimateTotals | PropertyTotals) => Object.fromEntries(SUM_KEYS.map((key) => [key, totals[key]]));

describe('estimateTotals: properties', () => {
  it('adds up to the cent: lines to properties, properties to the estimate, every figure a non-negative safe integer', () => {
    fc.assert(
      fc.property(
        estimate.chain((properties) => fc.tuple(fc.constant(properties), choices(properties), discountBp)),
        ([properties, chosen, bp]) => {
          const totals = estimateTotals(properties, { discountBp: bp, chosenOptionalIds: chosen });
          for (const property of totals.properties) {
            const counted = property.lines.filter((l) => l.included);
            expect(property.monthlyCents).toBe(counted.reduce((sum, l) => sum + l.monthlyCents, 0));
            expect(property.oneTimeCents).toBe(counted.reduce((sum, l) => sum + l.oneTimeCents, 0));
            expect(property.monthlyTotalCents).toBe(property.monthlyCents - property.monthlyDiscountCents + property.monthlyTaxCents);
            expect(property.oneTimeTotalCents).toBe(property.oneTimeCents + property.oneTimeTaxCents);
          }
          for (const key of SUM_KEYS) expect(totals[key]).toBe(totals.properties.reduce((sum, p) => sum + p[key], 0));
          const figures = [
            ...Object.values(sums(totals)),
            ...totals.properties.flatMap((p) => [
              ...Object.values(sums(p)),
              ...p.lines.flatMap((l) => [l.monthlyCents, l.oneTimeCents, l.hourlyCents]),
            ]),
          ];
          for (const cents of figures) expect(Number.isSafeInteger(cents) && cents >= 0, String(cents)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('prices each line exactly as its unit says, the visit lines as the rounded exact product', () => {
    fc.assert(
      fc.property(estimate, (properties) => {
        const totals = estimateTotals(properties, noChoices);
        properties.forEach((property, p) =>
          property.lines.forEach((input, i) => {
            const got = totals.properties[p]!.lines[i]!;
            const price = input.unitPriceCents;
            const recurring = input.unit === 'visit' && input.rrule !== null;
            // A float is exact enough here: the fraction's denominator is small, so no product lands within an ulp of a half.
            const visits = recurring ? visitsPerMonth(input.rrule!) : { numerator: 0, denominator: 1 };
            expect(got.monthlyCents).toBe(input.unit === 'month' ? price : Math.round((price * visits.numerator) / visits.denominator));
            expect(got.oneTimeCents).toBe(input.unit === 'once' || (input.unit === 'visit' && !recurring) ? price : 0);
            expect(got.hourlyCents).toBe(input.unit === 'hour' ? price : 0);
            expect(got.included).toBe(!input.optional);
          }),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('never discounts more than the monthly amount, nor anything one-time, and gives no tax where every line is exempt', () => {
    fc.assert(
      fc.property(estimate, discountBp, (properties, bp) => {
        const totals = estimateTotals(properties, { discountBp: bp, chosenOptionalIds: optionalIds(properties) });
        for (const property of totals.properties) {
          expect(property.monthlyDiscountCents).toBeLessThanOrEqual(property.monthlyCents);
          expect(property.monthlyDiscountCents).toBe(Math.round((property.monthlyCents * bp) / 10_000));
        }
        const undiscounted = estimateTotals(properties, { discountBp: 0, chosenOptionalIds: optionalIds(properties) });
        expect(totals.oneTimeTotalCents).toBe(undiscounted.oneTimeTotalCents);
        const exempt = properties.map((p) => ({ ...p, lines: p.lines.map((l) => ({ ...l, taxClass: 'exempt' as const })) }));
        const untaxed = estimateTotals(exempt, { discountBp: bp, chosenOptionalIds: [] });
        expect(untaxed.monthlyTaxCents + untaxed.oneTimeTaxCents).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  it('counts no hourly line in any total', () => {
    fc.assert(
      fc.property(estimate, discountBp, (properties, bp) => {
        const options = { discountBp: bp, chosenOptionalIds: optionalIds(properties) };
        const withoutHourly = properties.map((p) => ({ ...p, lines: p.lines.filter((l) => l.unit !== 'hour') }));
        expect(sums(estimateTotals(properties, options))).toEqual(sums(estimateTotals(withoutHourly, options)));
      }),
      { numRuns: 200 },
    );
  });

  it('changes nothing for optional lines left unticked', () => {
    fc.assert(
      fc.property(estimate, discountBp, (properties, bp) => {
        const options = { discountBp: bp, chosenOptionalIds: [] };
        const withoutOptional = properties.map((p) => ({ ...p, lines: p.lines.filter((l) => !l.optional) }));
        const totals = estimateTotals(properties, options);
        const bare = estimateTotals(withoutOptional, options);
        expect(sums(totals)).toEqual(sums(bare));
        totals.properties.forEach((property, p) => expect(sums(property)).toEqual(sums(bare.properties[p]!)));
      }),
      { numRuns: 200 },
    );
  });

  // Ticking a line on can shift the shared discount between the other lines by a cent or two (each
  // line's share is rounded), so a taxable line's tax may fall by rounding alone; everything else only grows.
  const GROWING = ['monthlyCents', 'monthlyDiscountCents', 'oneTimeCents', 'oneTimeTaxCents', 'oneTimeTotalCents'] as const;
  const tick = estimate.chain((properties) => fc.tuple(fc.constant(properties), choices(properties), discountBp));
  const eachTick = (
    properties: TotalsProperty[],
    chosen: string[],
    bp: number,
    check: (before: PropertyTotals, after: PropertyTotals, ticked: TotalsLine) => void,
  ) => {
    const before = estimateTotals(properties, { discountBp: bp, chosenOptionalIds: chosen });
    properties.forEach((property, p) => {
      for (const ticked of property.lines.filter((l) => l.optional && !chosen.includes(l.id))) {
        const after = estimateTotals(properties, { discountBp: bp, chosenOptionalIds: [...chosen, ticked.id] });
        check(before.properties[p]!, after.properties[p]!, ticked);
        for (const key of GROWING) expect(after[key], key).toBeGreaterThanOrEqual(before[key]);
      }
    });
  };

  it('never lowers the monthly amount, the discount or anything one-time when an optional line is ticked on, and moves tax by rounding only', () => {
    fc.assert(
      fc.property(tick, ([properties, chosen, bp]) =>
        eachTick(properties, chosen, bp, (before, after) => {
          for (const key of GROWING) expect(after[key], key).toBeGreaterThanOrEqual(before[key]);
          const taxable = properties.find((p) => p.id === before.id)!.lines.filter((l) => l.taxClass === 'taxable').length;
          expect(after.monthlyTaxCents).toBeGreaterThanOrEqual(before.monthlyTaxCents - 2 * taxable);
        }),
      ),
      { numRuns: 300 },
    );
  });

  it('raises the monthly total when a recurring line of at least $1 a month is ticked on, at the term discounts and a real tax rate', () => {
    const realistic = estimateShape
      .map((shapes) => withIds(shapes.map((shape) => ({ ...shape, taxRateBp: shape.taxRateBp % 1001 }))))
      .chain((properties) =>
        fc.tuple(fc.constant(properties), choices(properties), fc.constantFrom(...Object.values(DEFAULT_TERM_DISCOUNTS))),
      );
    fc.assert(
      fc.property(realistic, ([properties, chosen, bp]) =>
        eachTick(properties, chosen, bp, (before, after, ticked) => {
          const added = after.monthlyCents - before.monthlyCents;
          if (added >= 100) expect(after.monthlyTotalCents).toBeGreaterThan(before.monthlyTotalCents);
          if (ticked.unit === 'hour') expect(after).toEqual({ ...before, lines: after.lines });
        }),
      ),
      { numRuns: 300 },
    );
  });
});
