import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../../src/server/db/schema';
import { monthBounds, previousMonth } from '../../src/shared/invoices';
import { localToday } from '../../src/shared/local-dates';
import { addVisit, billingCustomer, type TestAgreementLine } from '../../tests/support/billing';
import { withDatabase } from './database';

/** The month `count` months before this one (YYYY-MM). */
export function monthsAgo(count: number, today: string = localToday()): string {
  let month = today.slice(0, 7);
  for (let step = 0; step < count; step++) month = previousMonth(`${month}-01`);
  return month;
}

export const LOT_SWEEP: TestAgreementLine = {
  name: 'Parking Lot Cleaning',
  unit: 'visit',
  unitPriceCents: 8500,
  rrule: 'FREQ=WEEKLY;BYDAY=TU',
};

/**
 * A customer with an accepted agreement from the start of `month` (tests/support/billing.ts, straight
 * into the e2e server's tables) and completed visits on the given days of that month at each site:
 * `days[site]` lists the days, each verified on site unless marked `unverified`.
 */
export function customerWithVisits(options: {
  name: string;
  month: string;
  days: Array<Array<number | { day: number; unverified: true }>>;
  lines?: TestAgreementLine[];
}) {
  return withDatabase(async (client) => {
    const db = drizzle(client, { schema });
    const customer = await billingCustomer(db, {
      name: options.name,
      startDate: `${options.month}-01`,
      sites: options.days.length,
      lines: options.lines ?? [LOT_SWEEP],
    });
    const firstLine = (options.lines ?? [LOT_SWEEP])[0]!.name;
    const visitIds: string[][] = [];
    for (const [site, days] of options.days.entries()) {
      const at = customer.lines.get(`${firstLine}@${site}`)!;
      const ids: string[] = [];
      for (const entry of days) {
        const day = typeof entry === 'number' ? entry : entry.day;
        const date = `${options.month}-${String(day).padStart(2, '0')}`;
        ids.push(await addVisit(db, at, date, { status: 'completed', verified: typeof entry === 'number' }));
      }
      visitIds.push(ids);
    }
    // The plans end with the month, so the visit horizon puts none of their visits on today's schedule;
    // and so does the agreement. A run bills every customer's unbilled work up to its month's end, so
    // another spec preparing a later month at the same time would otherwise take these visits onto its
    // own drafts first (and this month's run would then find nothing left to bill for the customer).
    const end = monthBounds(options.month).end;
    const planIds = [...customer.lines.values()].flatMap((line) => (line.planId ? [line.planId] : []));
    await client.query('update service_plans set end_date = $1 where id = any($2::uuid[])', [end, planIds]);
    await client.query(`update service_agreements set status = 'ended', ends_on = $1 where customer_id = $2`, [end, customer.customerId]);
    return { ...customer, visitIds };
  });
}
