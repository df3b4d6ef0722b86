import {
  estimateTotals,
  type AgreementTerm,
  type BasisPoints,
  type EstimateTotals,
  type TotalsLine,
  type TotalsProperty,
} from '../../../shared/estimate-totals';
import { parseDollars } from '../../../shared/money';
import { toRrule } from '../../../shared/recurrence';
import { taxRateBp, type TaxRates } from '../../../shared/tax-jurisdictions';
import type { PriceBookService } from '../../../shared/api/pricing';
import type { PropertyValues } from './builder-values';

/** What the live totals need of the billing settings. */
export interface TotalsSettings {
  termDiscounts: Record<AgreementTerm, BasisPoints>;
  taxRates: TaxRates;
}

export interface LiveTotals {
  /** Included lines only, no term discount: each property's "about $X a month", one-time work and tax. */
  base: EstimateTotals;
  /** Each term offered, with its discount: the whole estimate's monthly total with tax. */
  terms: Array<{ term: AgreementTerm; discountBp: BasisPoints; totals: EstimateTotals }>;
  /** What the optional lines would add, if the prospect ticked them all (no discount). */
  optionalMonthlyCents: number;
  optionalOneTimeCents: number;
  /** Lines not counted yet: no service chosen, a price that cannot be read, a round with no weekday. */
  incompleteLines: number;
}

const lineId = (property: number, line: number) => `p${property}-l${line}`;

/** The form's lines as the shared totals take them; a line not ready to count is left out and counted as incomplete. */
function totalsInput(properties: readonly PropertyValues[], services: ReadonlyMap<string, PriceBookService>, rates: TaxRates) {
  let incompleteLines = 0;
  const input: TotalsProperty[] = properties.map((property, p) => ({
    id: `p${p}`,
    taxRateBp: taxRateBp(property.taxJurisdiction, rates),
    lines: property.lines.flatMap((line, l): TotalsLine[] => {
      const service = services.get(line.serviceId);
      const price = parseDollars(line.unitPriceCents ?? '');
      const weekless = line.rrule?.kind === 'weekly' && line.rrule.weekdays.length === 0;
      if (!service || !price.ok || weekless) {
        incompleteLines += 1;
        return [];
      }
      const repeats = service.unit === 'visit' || service.unit === 'month';
      return [
        {
          id: lineId(p, l),
          unit: service.unit,
          unitPriceCents: price.cents,
          rrule: repeats && line.rrule ? toRrule(line.rrule) : null,
          taxClass: service.taxClass,
          optional: line.optional,
        },
      ];
    }),
  }));
  return { input, incompleteLines };
}

/**
 * The builder's live totals, worked out by the shared `estimateTotals` exactly as the server and the
 * prospect's page do: with no optional line ticked, once with no discount (per property) and once per
 * term offered (the monthly total with that term's discount and the tax).
 */
export function liveTotals(
  properties: readonly PropertyValues[],
  services: ReadonlyMap<string, PriceBookService>,
  settings: TotalsSettings,
  termsOffered: readonly AgreementTerm[],
): LiveTotals {
  const { input, incompleteLines } = totalsInput(properties, services, settings.taxRates);
  const none: string[] = [];
  const base = estimateTotals(input, { discountBp: 0, chosenOptionalIds: none });
  const everyOption = estimateTotals(input, {
    discountBp: 0,
    chosenOptionalIds: input.flatMap((property) => property.lines.filter((line) => line.optional).map((line) => line.id)),
  });
  return {
    base,
    terms: termsOffered.map((term) => {
      const discountBp = settings.termDiscounts[term];
      return { term, discountBp, totals: estimateTotals(input, { discountBp, chosenOptionalIds: none }) };
    }),
    optionalMonthlyCents: everyOption.monthlyCents - base.monthlyCents,
    optionalOneTimeCents: everyOption.oneTimeCents - base.oneTimeCents,
    incompleteLines,
  };
}

/** A line's own amount, for the line's row: "about $X a month", "$Y one time", "$Z per hour as needed". */
export function lineAmount(
  line: PropertyValues['lines'][number],
  service: PriceBookService | undefined,
): { monthlyCents: number; oneTimeCents: number; hourlyCents: number } | null {
  if (!service) return null;
  const { input } = totalsInput([{ lines: [line], taxJurisdiction: 'wisconsin' } as PropertyValues], new Map([[service.id, service]]), {
    stateBp: 0,
    milwaukeeCountyBp: 0,
    milwaukeeCityBp: 0,
    waukeshaCountyBp: 0,
  });
  if (!input[0]!.lines.length) return null;
  const [amounts] = estimateTotals(input, { discountBp: 0, chosenOptionalIds: [lineId(0, 0)] }).properties[0]!.lines;
  return amounts!;
}
