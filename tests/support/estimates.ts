import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../src/server/db/executor';
import { estimateLines, estimateProperties, estimates } from '../../src/server/db/schema';
import { hashToken, randomToken } from '../../src/server/modules/accounts';
import type { AgreementTerm, ServiceUnit, TaxClass } from '../../src/shared/estimate-totals';
import { DEFAULT_TERM_DISCOUNTS } from '../../src/shared/estimate-totals';
import type { StoredEstimateStatus } from '../../src/shared/estimates';
import { addDays, localToday } from '../../src/shared/local-dates';
import type { TaxJurisdiction } from '../../src/shared/tax-jurisdictions';

/**
 * A sent estimate written straight into the tables, as the console's "Send" leaves it (status
 * 'sent', the link's token stored as its hash), for the prospect's side's tests. Returns the token.
 */

export interface TestLine {
  name: string;
  unit: ServiceUnit;
  unitPriceCents: number;
  taxClass?: TaxClass;
  rrule?: string | null;
  optional?: boolean;
  checklist?: string[];
}

export interface TestSite {
  name: string;
  address: string;
  city: string;
  zipCode: string;
  propertyType?: string;
  propertyId?: string | null;
  taxJurisdiction: TaxJurisdiction;
  taxRateBp: number;
  crewUserIds?: string[];
  lines: TestLine[];
}

export interface TestEstimateOptions {
  number?: number;
  version?: number;
  status?: StoredEstimateStatus;
  quoteRequestId?: string | null;
  customerId?: string | null;
  companyName?: string;
  contactName?: string;
  email?: string;
  termsOffered?: AgreementTerm[];
  proposedStartDate?: string;
  validUntil?: string;
  sites?: TestSite[];
  /** A draft has no link: it is made without a token. */
  sent?: boolean;
}

/** Three sites of a Milwaukee-area retail landlord: weekly sweeps, an optional landscaping line, one-time and hourly work. */
export const THREE_SITES: TestSite[] = [
  {
    name: 'Harbor Point Plaza',
    address: '2100 S Kinnickinnic Ave',
    city: 'Milwaukee',
    zipCode: '53207',
    propertyType: 'Retail Center',
    taxJurisdiction: 'milwaukee-city',
    taxRateBp: 790,
    lines: [
      {
        name: 'Parking Lot Cleaning',
        unit: 'visit',
        unitPriceCents: 8500,
        rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
        checklist: ['Sweep the parking rows', 'Pick up litter along the curbs'],
      },
      {
        name: 'Landscaped Area Cleanup',
        unit: 'visit',
        unitPriceCents: 6000,
        taxClass: 'taxable',
        rrule: 'FREQ=WEEKLY;BYDAY=MO',
        optional: true,
      },
      { name: 'Initial Cleanup', unit: 'once', unitPriceCents: 35000, checklist: ['Clear the winter debris from the islands'] },
    ],
  },
  {
    name: 'Brookfield Commons',
    address: '17800 W Bluemound Rd',
    city: 'Brookfield',
    zipCode: '53045',
    propertyType: 'Office',
    taxJurisdiction: 'waukesha-county',
    taxRateBp: 550,
    lines: [
      { name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 9500, rrule: 'FREQ=WEEKLY;BYDAY=TU' },
      { name: 'Emergency Callout', unit: 'hour', unitPriceCents: 12500 },
    ],
  },
  {
    name: 'Oak Creek Medical Center',
    address: '8400 S Howell Ave',
    city: 'Oak Creek',
    zipCode: '53154',
    propertyType: 'Office',
    taxJurisdiction: 'milwaukee-county',
    taxRateBp: 590,
    lines: [
      { name: 'Sidewalks & Building Entrances', unit: 'visit', unitPriceCents: 4500, rrule: 'FREQ=WEEKLY;BYDAY=WE' },
      { name: 'Dumpster & Waste Areas', unit: 'visit', unitPriceCents: 4000, rrule: 'FREQ=WEEKLY;BYDAY=FR', optional: true },
    ],
  },
];

/** A new site for an existing customer's estimate (an added property): a Greenfield strip center, with the lines given. */
export const greenfieldStation = (lines: TestLine[]): TestSite => ({
  name: 'Greenfield Station',
  address: '4800 S 76th St',
  city: 'Greenfield',
  zipCode: '53220',
  taxJurisdiction: 'milwaukee-county',
  taxRateBp: 590,
  lines,
});

/** Greenfield Station with a weekly Tuesday sweep, and an optional (taxable) landscaping line on Fridays. */
export const GREENFIELD_WITH_OPTION = greenfieldStation([
  { name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=TU' },
  {
    name: 'Landscaped Area Cleanup',
    unit: 'visit',
    unitPriceCents: 6000,
    taxClass: 'taxable',
    rrule: 'FREQ=WEEKLY;BYDAY=FR',
    optional: true,
  },
]);

export interface TestEstimate {
  id: string;
  token: string;
  number: number;
  version: number;
  sites: Array<{ id: string; name: string; lines: Array<{ id: string; name: string; optional: boolean }> }>;
}

export async function createTestEstimate(db: Executor, options: TestEstimateOptions = {}): Promise<TestEstimate> {
  const today = localToday();
  const token = randomToken();
  const sent = options.sent ?? true;
  const termsOffered = options.termsOffered ?? ['month-to-month', '6-months', '12-months'];
  const [row] = await db
    .insert(estimates)
    .values({
      number: options.number ?? sql<number>`nextval('estimate_numbers')`,
      version: options.version ?? 1,
      quoteRequestId: options.quoteRequestId ?? null,
      customerId: options.customerId ?? null,
      companyName: options.companyName ?? 'Lakefront Retail Partners',
      contactName: options.contactName ?? 'Dana Ruiz',
      email: options.email ?? 'dana.ruiz@lakefrontretail.example',
      phone: '(414) 555-0142',
      note: 'Prices hold for the season. Sweeps are done before 7 a.m. so the lots are clear for your tenants.',
      termsOffered,
      termDiscounts: Object.fromEntries(termsOffered.map((term) => [term, DEFAULT_TERM_DISCOUNTS[term]])),
      proposedStartDate: options.proposedStartDate ?? today,
      validUntil: options.validUntil ?? addDays(today, 30),
      status: options.status ?? (sent ? 'sent' : 'draft'),
      tokenHash: sent ? hashToken(token) : null,
      sentAt: sent ? new Date() : null,
    })
    .returning();
  const sites: TestEstimate['sites'] = [];
  for (const [position, site] of (options.sites ?? THREE_SITES).entries()) {
    const [stored] = await db
      .insert(estimateProperties)
      .values({
        estimateId: row!.id,
        position,
        propertyId: site.propertyId ?? null,
        name: site.name,
        address: site.address,
        city: site.city,
        state: 'WI',
        zipCode: site.zipCode,
        propertyType: site.propertyType ?? 'Retail Center',
        taxJurisdiction: site.taxJurisdiction,
        taxRateBp: site.taxRateBp,
        crewUserIds: site.crewUserIds ?? [],
      })
      .returning({ id: estimateProperties.id });
    const lines = await db
      .insert(estimateLines)
      .values(
        site.lines.map((line, index) => ({
          estimatePropertyId: stored!.id,
          position: index,
          name: line.name,
          unit: line.unit,
          unitPriceCents: line.unitPriceCents,
          taxClass: line.taxClass ?? 'exempt',
          rrule: line.rrule ?? null,
          optional: line.optional ?? false,
          checklist: line.checklist ?? [],
        })),
      )
      .returning({ id: estimateLines.id, name: estimateLines.name, optional: estimateLines.optional, position: estimateLines.position });
    sites.push({ id: stored!.id, name: site.name, lines: lines.sort((a, b) => a.position - b.position) });
  }
  return { id: row!.id, token, number: row!.number, version: row!.version, sites };
}

/**
 * "Revise" and "Send" of the console: version 2 of the same number, sent with its own link, and the
 * old version superseded by it. Returns the new version (its own token too).
 */
export async function reviseTestEstimate(db: Executor, old: TestEstimate, options: TestEstimateOptions = {}): Promise<TestEstimate> {
  const revised = await createTestEstimate(db, { ...options, number: old.number, version: old.version + 1 });
  await db.update(estimates).set({ status: 'superseded', supersededById: revised.id }).where(eq(estimates.id, old.id));
  return revised;
}

/** The line's id, by its site's and its own name. */
export function lineId(estimate: TestEstimate, siteName: string, lineName: string): string {
  const line = estimate.sites.find((site) => site.name === siteName)?.lines.find((candidate) => candidate.name === lineName);
  if (!line) throw new Error(`no line ${lineName} at ${siteName}`);
  return line.id;
}
