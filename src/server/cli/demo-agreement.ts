import { estimateDraftSchema, type EstimateDraft } from '../../shared/api/estimates';
import type { Plan } from '../../shared/api/plans';
import type { ConsoleProperty } from '../../shared/api/properties';
import type { PriceBookService } from '../../shared/api/pricing';
import type { AgreementTerm } from '../../shared/estimate-totals';
import { monthBounds, previousMonth } from '../../shared/invoices';
import { addDays } from '../../shared/local-dates';
import { milwaukeeTime } from '../../shared/photo-dates';
import { inTransaction, type Executor } from '../db/executor';
import { findUserByEmail } from '../modules/accounts';
import { customerAgreements, insertAgreement, type AgreementLineValues } from '../modules/agreements';
import { findCustomerByEmail } from '../modules/customers';
import { createEstimate, lockEstimate, markEstimateSent, propertiesOfEstimates, storeAcceptance } from '../modules/estimates';
import { plansOfProperty } from '../modules/plans';
import { listPriceBookServices } from '../modules/pricing';
import { consolePropertiesOfCustomer } from '../modules/properties';

/**
 * The demo customer's service agreement (seed-demo), made as the office and the customer would have
 * made it, through the modules' own code: an estimate for its properties, one line per plan priced
 * from the price book (per visit, repeating as the plan does), written and sent ten days before
 * service starts and accepted by the demo's signer for 12 months; then the agreement, whose lines
 * are the demo's existing plans (it makes no plans of its own). Service starts on the first day of
 * last month, or on the plans' first day when that is later, so last month can be billed.
 */

/** What each demo plan is priced as: a service of the price book (by name), per visit. */
const SERVICE_OF_PLAN: Record<string, string> = {
  'Morning lot sweep': 'Parking Lot Cleaning',
  'Weekly grounds check': 'Sidewalks & Building Entrances',
  'Yard and dumpster corral': 'Dumpster & Waste Areas',
  'Monthly fence-line sweep': 'Landscaped Area Cleanup',
  'Every-other-week grounds': 'Parking Lot Cleaning',
};

const TERM: AgreementTerm = '12-months';
const SIGNER_TITLE = 'Property Manager';

/** The service a plan is priced as: its own, else the book's first per-visit service still offered. */
function serviceFor(plan: Plan, services: PriceBookService[]): PriceBookService | undefined {
  const active = services.filter((service) => service.active && service.unit === 'visit');
  return active.find((service) => service.name === SERVICE_OF_PLAN[plan.name]) ?? active[0];
}

/** A wall-clock time in Milwaukee on a local date, never later than now. */
function at(localDate: string, hour: number, minute: number, now: Date): Date {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  const instant = milwaukeeTime(y, m, d, hour, minute)!;
  return instant < now ? instant : now;
}

/**
 * The demo customer's agreement, made once: answers its id, the one made before on a second run,
 * or null when there is nothing to price (no plans, or no per-visit service in the price book).
 */
export async function seedDemoAgreement(
  db: Executor,
  demo: { customerEmail: string; signerEmail: string; today: string },
): Promise<string | null> {
  const now = new Date();
  const customer = await findCustomerByEmail(db, demo.customerEmail);
  const signer = await findUserByEmail(db, demo.signerEmail);
  if (!customer || !signer) return null;
  const [made] = await customerAgreements(db, customer.id);
  if (made) return made.id;

  const services = await listPriceBookServices(db, { activeOnly: true });
  const sites: Array<{ property: ConsoleProperty; plans: Plan[] }> = [];
  for (const property of await consolePropertiesOfCustomer(db, customer.id)) {
    const plans = (await plansOfProperty(db, property.id)).filter((plan) => serviceFor(plan, services));
    if (plans.length) sites.push({ property, plans });
  }
  const plans = sites.flatMap((site) => site.plans);
  if (!plans.length) return null;

  const firstPlanDay = plans.map((plan) => plan.startDate).sort()[0]!;
  const lastMonth = monthBounds(previousMonth(demo.today)).start;
  const startDate = lastMonth > firstPlanDay ? lastMonth : firstPlanDay;
  // Accepted a few days before service starts (today at the latest), after a week to read it.
  const acceptedOn = [addDays(startDate, -4), demo.today].sort()[0]!;
  const writtenOn = addDays(acceptedOn, -6);
  const signerName = [signer.firstName, signer.lastName].filter(Boolean).join(' ');

  const draft: EstimateDraft = estimateDraftSchema.parse({
    customerId: customer.id,
    companyName: customer.name,
    contactName: signerName,
    email: signer.email,
    phone: customer.phone ?? '',
    note: 'Regular litter and lot care at each of your properties, on the days we walked through together, priced per visit.',
    termsOffered: ['month-to-month', '6-months', '12-months'],
    proposedStartDate: startDate,
    validUntil: addDays(writtenOn, 30),
    // Each property as on file (its address, type and tax jurisdiction), with its plans' crew.
    properties: sites.map(({ property: { id: propertyId, ...onFile }, plans: own }) => ({
      propertyId,
      ...onFile,
      crewUserIds: [...new Set(own.flatMap((plan) => plan.crewUserIds))],
      lines: own.map((plan) => {
        const service = serviceFor(plan, services)!;
        return { serviceId: service.id, unitPriceCents: service.priceCents, rrule: plan.rrule, optional: false };
      }),
    })),
  });

  return inTransaction(db, async (tx) => {
    const estimate = await createEstimate(tx, draft, null, at(writtenOn, 10, 5, now));
    const row = await lockEstimate(tx, estimate.id);
    await markEstimateSent(tx, row, at(writtenOn, 10, 40, now));
    const stored = (await propertiesOfEstimates(tx, [estimate.id])).get(estimate.id)!;
    const acceptedAt = at(acceptedOn, 9, 12, now);
    const choices = { term: TERM, optionalLineIds: [], poNumbers: {} };
    await storeAcceptance(tx, row, stored, {
      customerId: customer.id,
      name: signerName,
      title: SIGNER_TITLE,
      choices,
      ip: null,
      userAgent: null,
      now: acceptedAt,
    });
    // The estimate's properties and lines are stored in the draft's order: each line is its plan's.
    const lines: AgreementLineValues[] = stored.flatMap((site, index) =>
      site.lines.map((line, position) => ({
        line,
        propertyId: site.propertyId!,
        taxRateBp: site.taxRateBp,
        planId: sites[index]!.plans[position]!.id,
      })),
    );
    return insertAgreement(tx, {
      customerId: customer.id,
      estimateId: estimate.id,
      term: TERM,
      discountBp: row.termDiscounts[TERM] ?? 0,
      startDate,
      lines,
      acceptedAt,
    });
  });
}
