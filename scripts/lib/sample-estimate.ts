import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../src/server/db/executor';
import { estimateLines, estimateProperties, estimates } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/modules/accounts';
import { DEFAULT_TERM_DISCOUNTS, AGREEMENT_TERMS, type ServiceUnit, type TaxClass } from '../../src/shared/estimate-totals';
import { addDays, localToday } from '../../src/shared/local-dates';
import { DEFAULT_TAX_RATES, taxRateBp, type TaxJurisdiction } from '../../src/shared/tax-jurisdictions';

/*
 * A sent estimate as a prospect gets it, written straight into the database, for the estimate
 * page's browser test and Lighthouse run (the staff's way there, writing and sending one in the
 * console, is tested on its own). Three properties a Milwaukee property manager might have, with
 * recurring cleaning, one-time work, a taxable landscaping option and an hourly callout.
 */

interface SampleLine {
  name: string;
  description: string;
  unit: ServiceUnit;
  unitPriceCents: number;
  taxClass: TaxClass;
  rrule: string | null;
  optional?: boolean;
}

interface SampleProperty {
  name: string;
  address: string;
  city: string;
  zipCode: string;
  propertyType: string;
  parkingSpaces: number | null;
  squareFeet: number | null;
  taxJurisdiction: TaxJurisdiction;
  lines: SampleLine[];
}

const PROPERTIES: SampleProperty[] = [
  {
    name: 'Layton Crossing Shopping Center',
    address: '4270 S 76th St',
    city: 'Greenfield',
    zipCode: '53220',
    propertyType: 'Retail Center',
    parkingSpaces: 240,
    squareFeet: null,
    taxJurisdiction: 'milwaukee-county',
    lines: [
      {
        name: 'Parking Lot Cleaning',
        description: 'Litter pickup across the lot and cart corrals, before the stores open.',
        unit: 'visit',
        unitPriceCents: 8500,
        taxClass: 'exempt',
        rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
      },
      {
        name: 'Trash Receptacle Maintenance',
        description: 'Empty and re-line the 14 lot receptacles; wipe down lids.',
        unit: 'visit',
        unitPriceCents: 3500,
        taxClass: 'exempt',
        rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
      },
      {
        name: 'Initial Cleanup',
        description: 'A one-time deep clean of the lot edges, islands and storm drains before regular service starts.',
        unit: 'once',
        unitPriceCents: 45000,
        taxClass: 'exempt',
        rrule: null,
      },
      {
        name: 'Landscaped Area Cleanup',
        description: 'Clear litter and debris from the planted islands and the Layton Avenue frontage.',
        unit: 'visit',
        unitPriceCents: 12000,
        taxClass: 'taxable',
        rrule: 'FREQ=MONTHLY;BYMONTHDAY=1',
        optional: true,
      },
    ],
  },
  {
    name: 'Bluemound Corporate Center',
    address: '18800 W Bluemound Rd',
    city: 'Brookfield',
    zipCode: '53045',
    propertyType: 'Office',
    parkingSpaces: 180,
    squareFeet: 62000,
    taxJurisdiction: 'waukesha-county',
    lines: [
      {
        name: 'Parking Lot Cleaning',
        description: 'Litter pickup across the front and rear lots.',
        unit: 'visit',
        unitPriceCents: 9500,
        taxClass: 'exempt',
        rrule: 'FREQ=WEEKLY;BYDAY=FR',
      },
      {
        name: 'Sidewalks & Building Entrances',
        description: 'Sweep the walks and both entrances; clear cigarette butts from the receptacles.',
        unit: 'visit',
        unitPriceCents: 4500,
        taxClass: 'exempt',
        rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
      },
    ],
  },
  {
    name: 'Third Ward Lofts',
    address: '333 N Water St',
    city: 'Milwaukee',
    zipCode: '53202',
    propertyType: 'Multi-Family',
    parkingSpaces: 60,
    squareFeet: null,
    taxJurisdiction: 'milwaukee-city',
    lines: [
      {
        name: 'Dumpster & Waste Areas',
        description: 'Pick up around the two dumpster enclosures and rinse the pads.',
        unit: 'visit',
        unitPriceCents: 4000,
        taxClass: 'exempt',
        rrule: 'FREQ=WEEKLY;BYDAY=TU',
      },
      {
        name: 'Sidewalks & Building Entrances',
        description: 'Sweep the Water Street walk and the lobby entrance.',
        unit: 'visit',
        unitPriceCents: 3000,
        taxClass: 'exempt',
        rrule: 'FREQ=WEEKLY;BYDAY=TU,SA',
      },
      {
        name: 'Emergency Callout',
        description: 'A crew on site within 4 hours for a spill, storm debris or broken glass.',
        unit: 'hour',
        unitPriceCents: 9500,
        taxClass: 'exempt',
        rrule: null,
        optional: true,
      },
    ],
  },
];

export interface SampleEstimate {
  id: string;
  number: number;
  token: string;
  /** The properties' names, in order, and each one's optional lines' ids. */
  properties: Array<{ id: string; name: string; optionalLineIds: string[] }>;
}

/** A sent estimate (or, with `version`, a revision of `number`), valid until `validUntil`, with its link's token. */
export async function insertSampleEstimate(
  db: Executor,
  { validUntil = addDays(localToday(), 30), number, version = 1 }: { validUntil?: string; number?: number; version?: number } = {},
): Promise<SampleEstimate> {
  const token = randomBytes(32).toString('base64url');
  const [estimate] = await db
    .insert(estimates)
    .values({
      number: number ?? sql<number>`nextval('estimate_numbers')`,
      version,
      companyName: 'Brightwater Property Management',
      contactName: 'Dana Kowalski',
      email: `dana.kowalski+${token.slice(0, 8).toLowerCase()}@brightwaterpm.example`,
      phone: '(414) 555-0199',
      note: 'Thank you for walking the three sites with us. Prices assume the service days below; we can shift any of them to suit your tenants.',
      termsOffered: [...AGREEMENT_TERMS],
      termDiscounts: DEFAULT_TERM_DISCOUNTS,
      // Today (or the last valid day, for an expired one): the first visits then come within 2 business days of acceptance.
      proposedStartDate: localToday() < validUntil ? localToday() : validUntil,
      validUntil,
      status: 'sent',
      tokenHash: hashToken(token),
      sentAt: new Date(),
    })
    .returning({ id: estimates.id, number: estimates.number });
  const properties: SampleEstimate['properties'] = [];
  for (const [position, property] of PROPERTIES.entries()) {
    const { lines, ...site } = property;
    const [row] = await db
      .insert(estimateProperties)
      .values({ ...site, estimateId: estimate!.id, position, state: 'WI', taxRateBp: taxRateBp(site.taxJurisdiction, DEFAULT_TAX_RATES) })
      .returning({ id: estimateProperties.id });
    const inserted = await db
      .insert(estimateLines)
      .values(lines.map((line, index) => ({ ...line, optional: line.optional ?? false, estimatePropertyId: row!.id, position: index })))
      .returning({ id: estimateLines.id, optional: estimateLines.optional });
    properties.push({ id: row!.id, name: site.name, optionalLineIds: inserted.filter((line) => line.optional).map((line) => line.id) });
  }
  return { id: estimate!.id, number: estimate!.number, token, properties };
}

/** Revises a sample estimate: version 2 is sent, and the first is marked replaced by it. */
export async function reviseSampleEstimate(db: Executor, first: SampleEstimate): Promise<SampleEstimate> {
  const second = await insertSampleEstimate(db, { number: first.number, version: 2 });
  await db.update(estimates).set({ status: 'superseded', supersededById: second.id }).where(eq(estimates.id, first.id));
  return second;
}
