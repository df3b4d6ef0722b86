import type { AgreementProperty, AgreementTotals, FirstVisit } from '../../../shared/api/agreements';
import { estimateTotals, type ServiceUnit, type TaxClass } from '../../../shared/estimate-totals';

/** An agreement's accepted line, as stored: its price, unit, recurrence, and its property's tax rate then. */
export interface SummaryLine {
  id: string;
  propertyId: string;
  unit: ServiceUnit;
  unitPriceCents: number;
  taxClass: TaxClass;
  taxRateBp: number;
  rrule: string | null;
}

export interface SummaryInput {
  discountBp: number;
  /** The lines in the agreement's order. */
  lines: SummaryLine[];
  /** The properties' names and cities, by id. */
  properties: ReadonlyMap<string, { name: string; city: string }>;
  /** The first visit at each property (absent: none is due, as for work done only as needed). */
  firstVisits: ReadonlyMap<string, FirstVisit>;
}

export interface AgreementSummaryFigures {
  totals: AgreementTotals;
  /** What each line comes to, by its id: a month (before discount and tax) or once. */
  lines: Map<string, { monthlyCents: number; oneTimeCents: number }>;
  /** Each property once, in the order of its first line, with its totals and first visit. */
  properties: AgreementProperty[];
}

/**
 * What an agreement comes to and where its work starts: the accepted lines' totals by
 * `estimateTotals` with the term's discount (every line counts: an optional line not chosen never
 * became an agreement line), per property and in all, so the console shows to the cent what the
 * prospect accepted ("about $X a month"); and each property's first visit.
 */
export function agreementSummary({ discountBp, lines, properties, firstVisits }: SummaryInput): AgreementSummaryFigures {
  const byProperty = new Map<string, { id: string; taxRateBp: number; lines: SummaryLine[] }>();
  for (const line of lines) {
    const property = byProperty.get(line.propertyId) ?? { id: line.propertyId, taxRateBp: line.taxRateBp, lines: [] };
    property.lines.push(line);
    byProperty.set(line.propertyId, property);
  }
  const { properties: propertyTotals, ...totals } = estimateTotals(
    [...byProperty.values()].map((property) => ({
      id: property.id,
      taxRateBp: property.taxRateBp,
      lines: property.lines.map((line) => ({ ...line, optional: false })),
    })),
    { discountBp, chosenOptionalIds: [] },
  );
  const lineFigures = new Map(
    propertyTotals.flatMap((property) =>
      property.lines.map((line) => [line.id, { monthlyCents: line.monthlyCents, oneTimeCents: line.oneTimeCents }] as const),
    ),
  );
  return {
    totals,
    lines: lineFigures,
    properties: propertyTotals.map((property) => {
      const place = properties.get(property.id);
      return {
        propertyId: property.id,
        name: place?.name ?? 'A removed property',
        city: place?.city ?? '',
        monthlyTotalCents: property.monthlyTotalCents,
        oneTimeTotalCents: property.oneTimeTotalCents,
        firstVisit: firstVisits.get(property.id) ?? null,
      };
    }),
  };
}
