import { randomUUID } from 'node:crypto';
import { quoteRequests, priceBookServices, users } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/database';
import type { Executor } from '../../src/server/db/executor';
import type { EstimateDraft } from '../../src/shared/api/estimates';
import { addDays, localToday } from '../../src/shared/local-dates';
import { validContact } from './fixtures';

/** The price book's services as the migration seeds them, by name: their ids, prices and checklists. */
export async function priceBook(db: Executor) {
  const rows = await db.select().from(priceBookServices);
  const byName = new Map(rows.map((row) => [row.name, row]));
  return (name: string) => {
    const service = byName.get(name);
    if (!service) throw new Error(`no price-book service named ${name}`);
    return service;
  };
}

/** A quote request that arrived `minutesAgo` minutes ago (the quote form's own tests cover the form). */
export async function insertQuoteRequest(
  db: Db,
  values: Partial<typeof quoteRequests.$inferInsert> & { minutesAgo?: number } = {},
): Promise<string> {
  const { minutesAgo = 0, ...rest } = values;
  const submittedAt = new Date(Date.now() - minutesAgo * 60_000);
  const [row] = await db
    .insert(quoteRequests)
    .values({ ...validContact, consentText: 'I agree to be contacted', consentedAt: submittedAt, submittedAt, ...rest })
    .returning({ id: quoteRequests.id });
  return row!.id;
}

/** A crew member, to propose for a property. */
export async function insertCrewMember(db: Db, firstName = 'Rosa'): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ email: `crew-${randomUUID().slice(0, 8)}@example.com`, firstName, role: 'crew' })
    .returning({ id: users.id });
  return row!.id;
}

/**
 * A two-property draft as the console sends it: Southridge Commons in Greendale (Milwaukee County)
 * with lot cleaning twice a week, an optional landscaped-area cleanup and a one-time initial
 * cleanup; Bluemound Plaza in the City of Milwaukee with weekly sidewalks.
 */
export async function estimateDraft(db: Executor, overrides: Partial<EstimateDraft> = {}): Promise<EstimateDraft> {
  const service = await priceBook(db);
  const today = localToday();
  return {
    companyName: 'Southridge Commons Management',
    contactName: 'Jane Kowalski',
    email: 'jane@southridgeplaza.com',
    phone: '(414) 555-0199',
    note: 'Prices include the crew, the equipment and hauling the litter away.',
    termsOffered: ['12-months', 'month-to-month'],
    proposedStartDate: addDays(today, 7),
    validUntil: addDays(today, 30),
    properties: [
      {
        name: 'Southridge Commons',
        address: '5300 S 76th St',
        city: 'Greendale',
        state: 'wi',
        zipCode: '53129',
        propertyType: 'Retail Center',
        parkingSpaces: 180,
        taxJurisdiction: 'milwaukee-county',
        crewUserIds: [],
        lines: [
          { serviceId: service('Parking Lot Cleaning').id, unitPriceCents: 8250, rrule: 'FREQ=WEEKLY;BYDAY=TH,MO', optional: false },
          { serviceId: service('Landscaped Area Cleanup').id, unitPriceCents: 6000, rrule: 'FREQ=WEEKLY;BYDAY=MO', optional: true },
          { serviceId: service('Initial Cleanup').id, unitPriceCents: 35000, rrule: null, optional: false },
        ],
      },
      {
        name: 'Bluemound Plaza',
        address: '2100 W Bluemound Rd',
        city: 'Milwaukee',
        state: 'WI',
        zipCode: '53233',
        propertyType: 'Office',
        squareFeet: 42000,
        taxJurisdiction: 'milwaukee-city',
        lines: [
          {
            serviceId: service('Sidewalks & Building Entrances').id,
            unitPriceCents: 4500,
            rrule: 'FREQ=WEEKLY;BYDAY=MO',
            optional: false,
            description: 'The front walk, both entrances and the smoking area by the loading dock.',
          },
        ],
      },
    ],
    ...overrides,
  };
}
