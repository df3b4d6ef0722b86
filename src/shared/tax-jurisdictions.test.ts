import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPercent } from './estimate-totals';
import { DEFAULT_TAX_RATES, JURISDICTION_NAMES, TAX_JURISDICTIONS, guessTaxJurisdiction, taxRateBp } from './tax-jurisdictions';

describe('taxRateBp', () => {
  it('adds up the default rates: 7.9 % in the city, 5.9 % in the rest of Milwaukee County, 5.5 % in Waukesha County, 5 % elsewhere', () => {
    const rates = TAX_JURISDICTIONS.map((jurisdiction) => [
      JURISDICTION_NAMES[jurisdiction],
      formatPercent(taxRateBp(jurisdiction, DEFAULT_TAX_RATES)),
    ]);
    expect(rates).toEqual([
      ['City of Milwaukee', '7.9%'],
      ['Milwaukee County', '5.9%'],
      ['Waukesha County', '5.5%'],
      ['Elsewhere in Wisconsin', '5%'],
    ]);
  });

  it('follows the settings: the city pays the state, the county and the city rate', () => {
    fc.assert(
      fc.property(
        fc.nat(2000),
        fc.nat(2000),
        fc.nat(2000),
        fc.nat(2000),
        (stateBp, milwaukeeCountyBp, milwaukeeCityBp, waukeshaCountyBp) => {
          const rates = { stateBp, milwaukeeCountyBp, milwaukeeCityBp, waukeshaCountyBp };
          expect(taxRateBp('milwaukee-city', rates)).toBe(stateBp + milwaukeeCountyBp + milwaukeeCityBp);
          expect(taxRateBp('milwaukee-county', rates)).toBe(stateBp + milwaukeeCountyBp);
          expect(taxRateBp('waukesha-county', rates)).toBe(stateBp + waukeshaCountyBp);
          expect(taxRateBp('wisconsin', rates)).toBe(stateBp);
        },
      ),
    );
  });
});

describe('guessTaxJurisdiction', () => {
  it('places Milwaukee, the rest of Milwaukee County and Waukesha County', () => {
    expect(guessTaxJurisdiction('Milwaukee')).toBe('milwaukee-city');
    for (const city of [
      'Wauwatosa',
      'West Allis',
      'Oak Creek',
      'South Milwaukee',
      'Whitefish Bay',
      'Hales Corners',
      'West Milwaukee',
      'Bayside',
    ]) {
      expect(guessTaxJurisdiction(city), city).toBe('milwaukee-county');
    }
    for (const city of [
      'Waukesha',
      'Brookfield',
      'New Berlin',
      'Menomonee Falls',
      'Oconomowoc',
      'Oconomowoc Lake',
      'Lac La Belle',
      'Elm Grove',
      'Lisbon',
    ]) {
      expect(guessTaxJurisdiction(city), city).toBe('waukesha-county');
    }
  });

  it('reads the city as people type it: any case, extra spaces, "St." or "Saint", "City of"', () => {
    for (const city of ['milwaukee', '  MILWAUKEE ', 'City of Milwaukee']) expect(guessTaxJurisdiction(city), city).toBe('milwaukee-city');
    for (const city of ['St. Francis', 'St Francis', 'saint francis', 'ST.FRANCIS', 'West  allis', 'westallis']) {
      expect(guessTaxJurisdiction(city), city).toBe('milwaukee-county');
    }
    for (const city of ['menomonee   falls', 'Village of Elm Grove', 'Town of Brookfield'])
      expect(guessTaxJurisdiction(city), city).toBe('waukesha-county');
  });

  it('takes any other place to be elsewhere in Wisconsin', () => {
    for (const city of ['Madison', 'Racine', 'Kenosha', 'Cedarburg', 'Mequon', 'Stoughton', 'Saint Germain', '', 'Milwaukee Avenue']) {
      expect(guessTaxJurisdiction(city), city).toBe('wisconsin');
    }
  });
});
