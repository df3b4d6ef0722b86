import type { BasisPoints } from './estimate-totals';

/**
 * Where a property is, for sales tax: Wisconsin's state rate everywhere, plus the county's and, in
 * the City of Milwaukee, the city's. The rates are settings (the owner confirms them with the
 * Wisconsin DOR, see docs/operations.md); these are only the defaults and the sums.
 */
export const TAX_JURISDICTIONS = ['milwaukee-city', 'milwaukee-county', 'waukesha-county', 'wisconsin'] as const;
export type TaxJurisdiction = (typeof TAX_JURISDICTIONS)[number];

export const JURISDICTION_NAMES: Record<TaxJurisdiction, string> = {
  'milwaukee-city': 'City of Milwaukee',
  'milwaukee-county': 'Milwaukee County',
  'waukesha-county': 'Waukesha County',
  wisconsin: 'Elsewhere in Wisconsin',
};

/** Each tax on its own, as the settings hold them; a jurisdiction's rate adds up the ones it levies. */
export interface TaxRates {
  stateBp: BasisPoints;
  milwaukeeCountyBp: BasisPoints;
  milwaukeeCityBp: BasisPoints;
  waukeshaCountyBp: BasisPoints;
}

/** Wisconsin 5 %, Milwaukee County 0.9 %, City of Milwaukee 2 %, Waukesha County 0.5 % (issue 24). */
export const DEFAULT_TAX_RATES: TaxRates = {
  stateBp: 500,
  milwaukeeCountyBp: 90,
  milwaukeeCityBp: 200,
  waukeshaCountyBp: 50,
};

/** The rate a property pays: the City of Milwaukee, being in Milwaukee County, pays the county's too. */
export function taxRateBp(jurisdiction: TaxJurisdiction, rates: TaxRates): BasisPoints {
  switch (jurisdiction) {
    case 'milwaukee-city':
      return rates.stateBp + rates.milwaukeeCountyBp + rates.milwaukeeCityBp;
    case 'milwaukee-county':
      return rates.stateBp + rates.milwaukeeCountyBp;
    case 'waukesha-county':
      return rates.stateBp + rates.waukeshaCountyBp;
    case 'wisconsin':
      return rates.stateBp;
  }
}

const MILWAUKEE_COUNTY = [
  'Wauwatosa',
  'West Allis',
  'Greenfield',
  'Oak Creek',
  'Franklin',
  'Cudahy',
  'South Milwaukee',
  'Glendale',
  'Shorewood',
  'Whitefish Bay',
  'Brown Deer',
  'Greendale',
  'Hales Corners',
  'Saint Francis',
  'Fox Point',
  'River Hills',
  'Bayside',
  'West Milwaukee',
];

const WAUKESHA_COUNTY = [
  'Waukesha',
  'Brookfield',
  'New Berlin',
  'Menomonee Falls',
  'Pewaukee',
  'Oconomowoc',
  'Muskego',
  'Delafield',
  'Hartland',
  'Sussex',
  'Mukwonago',
  'Elm Grove',
  'Lannon',
  'Butler',
  'Big Bend',
  'Dousman',
  'North Prairie',
  'Wales',
  'Chenequa',
  'Lac La Belle',
  'Merton',
  'Nashotah',
  'Oconomowoc Lake',
  'Summit',
  'Vernon',
  'Genesee',
  'Eagle',
  'Ottawa',
  'Lisbon',
];

/**
 * A city as people type it, reduced to compare: no case, spaces or dots, "St." read as "Saint",
 * and without a leading "City of", "Village of" or "Town of".
 */
function cityKey(city: string): string {
  return city
    .toLowerCase()
    .replace(/^\s*(city|village|town)\s+of\s+/, '')
    .replace(/^\s*st\b\.?/, 'saint')
    .replace(/[^a-z]/g, '');
}

const JURISDICTION_BY_CITY = new Map<string, TaxJurisdiction>([
  [cityKey('Milwaukee'), 'milwaukee-city'],
  ...MILWAUKEE_COUNTY.map((city) => [cityKey(city), 'milwaukee-county'] as const),
  ...WAUKESHA_COUNTY.map((city) => [cityKey(city), 'waukesha-county'] as const),
]);

/**
 * The jurisdiction a property's city most likely is in, for the estimate form to start from;
 * staff can change it (a few addresses sit across a line, and a city not listed is taken to be
 * elsewhere in Wisconsin).
 */
export function guessTaxJurisdiction(city: string): TaxJurisdiction {
  return JURISDICTION_BY_CITY.get(cityKey(city)) ?? 'wisconsin';
}
