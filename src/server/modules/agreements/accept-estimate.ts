import { firstVisitWindow, termEndDate } from '../../../shared/agreement-dates';
import { DEFAULT_CHECKLIST } from '../../../shared/api/schedule';
import type { AgreementTerm, ServiceUnit, TaxClass } from '../../../shared/estimate-totals';
import type { PROPERTY_TYPES } from '../../../shared/api/properties';
import type { TaxJurisdiction } from '../../../shared/tax-jurisdictions';
import { inTransaction, type Executor } from '../../db/executor';
import { agreementLines, serviceAgreements } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { findUserByEmail, idsThatAreNotCrew, insertCustomerUser, inviteUser } from '../accounts';
import { becomeCustomer, createCustomer, findCustomerByEmail } from '../customers';
import { enqueueEmail, type MailContext } from '../mail';
import { createPlan, planDatesBetween } from '../plans';
import { createProperty, findPropertyByName, propertyOwner, setPropertyPoNumber } from '../properties';
import { markQuoteRequestWon } from '../quote-requests';
import { createOneOffVisit } from '../visits';

/** An estimate's line as accepted: its price, tax class, recurrence and the checklist its plan starts with. */
export interface AcceptedLine {
  id: string;
  serviceId: string | null;
  name: string;
  unit: ServiceUnit;
  unitPriceCents: number;
  taxClass: TaxClass;
  rrule: string | null;
  optional: boolean;
  checklist: string[];
}

/** An estimate's property: an existing one of the customer's (`propertyId`), or a new site. */
export interface AcceptedProperty {
  id: string;
  propertyId: string | null;
  name: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  propertyType: string;
  taxJurisdiction: TaxJurisdiction;
  taxRateBp: number;
  crewUserIds: string[];
  lines: AcceptedLine[];
}

/** What the agreement is made from: the estimate exactly as accepted, and the prospect's choices. */
export interface AcceptedEstimate {
  id: string;
  quoteRequestId: string | null;
  customerId: string | null;
  companyName: string;
  contactName: string;
  email: string;
  phone: string | null;
  termDiscounts: Partial<Record<AgreementTerm, number>>;
  proposedStartDate: string;
  properties: AcceptedProperty[];
  choices: { term: AgreementTerm; optionalLineIds: string[]; poNumbers: Record<string, string> };
  /** The full name the signer typed: their portal user's first and last name. */
  signerName: string;
}

export interface AcceptOptions {
  /** The local date of the acceptance (America/Chicago). */
  today: string;
  /** Plans make their visits this many weeks ahead (VISIT_HORIZON_WEEKS). */
  horizonWeeks: number;
}

export interface MadeAgreement {
  agreementId: string;
  customerId: string;
  /** The signer's new portal user, invited; null when someone already signs in with the estimate's e-mail. */
  invitedUserId: string | null;
  /** The first visit's day at each property, by the estimate property's id (null for work done only as needed). */
  firstVisits: Record<string, string | null>;
}

/**
 * Makes what an accepted estimate becomes, in the caller's transaction (or one of its own): the
 * customer if new, its properties with their PO numbers, a portal user for the signer with the usual
 * invitation, the service agreement with the accepted lines and prices, the plans (at each property,
 * one per set of days: services on the same days share one) and a one-off visit for the one-time
 * work, and a first visit at each property within the promise (`firstVisitWindow`). The quote request, if any, is won. Mail is queued in the transaction: the
 * caller calls `mail.queued()` once it has committed.
 */
export async function acceptEstimate(
  db: Executor,
  mail: MailContext,
  estimate: AcceptedEstimate,
  options: AcceptOptions,
): Promise<MadeAgreement> {
  return inTransaction(db, async (tx) => {
    const customerId = await customerFor(tx, estimate);
    const invitedUserId = await portalUserFor(tx, mail, estimate, customerId);
    const { term, optionalLineIds, poNumbers } = estimate.choices;
    const window = firstVisitWindow(options.today, estimate.proposedStartDate);
    const chosen = new Set(optionalLineIds);
    const firstVisits: Record<string, string | null> = {};
    const lines: AgreementLineValues[] = [];
    for (const site of estimate.properties) {
      const propertyId = await propertyFor(tx, customerId, site, poNumbers[site.id] ?? null);
      const accepted = site.lines.filter((line) => !line.optional || chosen.has(line.id));
      const work = await scheduleWork(tx, propertyId, site, accepted, window, options);
      firstVisits[site.id] = work.firstVisit;
      for (const line of accepted) lines.push({ line, propertyId, taxRateBp: site.taxRateBp, planId: work.planIds.get(line.id) ?? null });
    }
    const agreementId = await insertAgreement(tx, {
      customerId,
      estimateId: estimate.id,
      term,
      discountBp: estimate.termDiscounts[term] ?? 0,
      startDate: window.from,
      lines,
    });
    if (estimate.quoteRequestId) await markQuoteRequestWon(tx, estimate.quoteRequestId, customerId);
    return { agreementId, customerId, invitedUserId, firstVisits };
  });
}

/** An accepted line as the agreement keeps it: at its property, with that property's tax rate and the plan that makes its visits. */
export interface AgreementLineValues {
  line: Pick<AcceptedLine, 'id' | 'serviceId' | 'name' | 'unit' | 'unitPriceCents' | 'taxClass' | 'rrule'>;
  propertyId: string;
  taxRateBp: number;
  planId: string | null;
}

/** What an agreement is stored from: its customer, the estimate accepted, the term chosen and its discount, its first day and its lines. */
export interface AgreementValues {
  customerId: string;
  estimateId: string;
  term: AgreementTerm;
  discountBp: number;
  startDate: string;
  lines: AgreementLineValues[];
  /** When it was accepted; now unless given. */
  acceptedAt?: Date;
}

/**
 * Stores a service agreement and its lines, in order, with the accepted prices, the term's last
 * day worked out from its start, and each line's plan: acceptEstimate calls it with the plans it
 * has just made, the demo (seed-demo) with the plans its customer already has. Answers its id.
 */
export async function insertAgreement(db: Executor, values: AgreementValues): Promise<string> {
  const { lines, acceptedAt, ...agreementValues } = values;
  return inTransaction(db, async (tx) => {
    const [agreement] = await tx
      .insert(serviceAgreements)
      .values({
        ...agreementValues,
        termEndDate: termEndDate(values.term, values.startDate),
        status: 'active',
        // Left out (undefined), the database's now().
        createdAt: acceptedAt,
      })
      .returning({ id: serviceAgreements.id });
    if (lines.length) {
      await tx.insert(agreementLines).values(
        lines.map(({ line, propertyId, taxRateBp, planId }, position) => ({
          agreementId: agreement!.id,
          propertyId,
          estimateLineId: line.id,
          planId,
          serviceId: line.serviceId,
          position,
          name: line.name,
          unit: line.unit,
          unitPriceCents: line.unitPriceCents,
          taxClass: line.taxClass,
          taxRateBp,
          rrule: line.rrule,
        })),
      );
    }
    return agreement!.id;
  });
}

/**
 * The estimate's customer; else the customer with its e-mail (staff wrote to them); else a new one.
 * A prospect (made for the free property visit) is a customer from now on.
 */
async function customerFor(tx: Executor, estimate: AcceptedEstimate): Promise<string> {
  const known = estimate.customerId ?? (await findCustomerByEmail(tx, estimate.email))?.id;
  if (known) {
    await becomeCustomer(tx, known);
    return known;
  }
  const made = await createCustomer(tx, {
    name: estimate.companyName,
    contactName: estimate.contactName,
    email: estimate.email,
    phone: estimate.phone ?? '',
    address: '',
  });
  return made.id;
}

/** "Dana Marie Ruiz": first name "Dana Marie", last name "Ruiz"; one word is a first name. */
function splitName(fullName: string): { firstName: string; lastName: string | null } {
  const words = fullName.trim().split(/\s+/);
  if (words.length === 1) return { firstName: words[0]!, lastName: null };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)! };
}

/** The signer's portal user, made and sent the usual invitation, unless someone already signs in with the e-mail. */
async function portalUserFor(tx: Executor, mail: MailContext, estimate: AcceptedEstimate, customerId: string): Promise<string | null> {
  if (await findUserByEmail(tx, estimate.email)) return null;
  const user = await insertCustomerUser(tx, customerId, { email: estimate.email, ...splitName(estimate.signerName) });
  // Queued in this transaction, so a rolled-back acceptance sends no invitation.
  await inviteUser(tx, { send: (message) => enqueueEmail(tx, message) }, mail.appUrl, user.id);
  return user.id;
}

/**
 * The property the estimate's site is: the customer's existing one (its PO number updated when one
 * was given), or a new one with its tax jurisdiction and PO number. A new site whose name the
 * customer already uses for another property gets a number after it.
 */
async function propertyFor(tx: Executor, customerId: string, site: AcceptedProperty, poNumber: string | null): Promise<string> {
  if (site.propertyId) {
    const owner = await propertyOwner(tx, site.propertyId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    if (owner?.customerId === customerId) {
      if (poNumber) await setPropertyPoNumber(tx, site.propertyId, customerId, poNumber);
      return site.propertyId;
    }
  }
  let name = site.name;
  for (let n = 2; await findPropertyByName(tx, customerId, name); n++) name = `${site.name} (${n})`;
  const made = await createProperty(
    tx,
    customerId,
    {
      name,
      address: site.address,
      city: site.city,
      state: site.state,
      zipCode: site.zipCode,
      propertyType: site.propertyType as (typeof PROPERTY_TYPES)[number],
      taxJurisdiction: site.taxJurisdiction,
    },
    { poNumber },
  );
  return made.id;
}

/** A line done once: one time, or a single visit (not hourly work, which is done as needed). */
const isOneTime = (line: AcceptedLine) => line.rrule === null && (line.unit === 'once' || line.unit === 'visit');

/**
 * A property's plans and its one-time work. Recurring lines on the same days share one plan (its
 * name their names, its checklist theirs together), so the crew comes once on a day and does all of
 * it; each plan starts on the window's first day, with the proposed crew. The one-time work is a
 * one-off visit on the first visit's day. When no plan visits the property within the window, a
 * one-off visit on the window's last day keeps the promise.
 */
async function scheduleWork(
  tx: Executor,
  propertyId: string,
  site: AcceptedProperty,
  lines: AcceptedLine[],
  window: { from: string; by: string },
  options: AcceptOptions,
): Promise<{ planIds: Map<string, string>; firstVisit: string | null }> {
  const notCrew = new Set(await idsThatAreNotCrew(tx, site.crewUserIds));
  const crewUserIds = site.crewUserIds.filter((id) => !notCrew.has(id));
  const planIds = new Map<string, string>();
  const planned: string[] = [];
  const byDays = new Map<string, AcceptedLine[]>();
  for (const line of lines) if (line.rrule) byDays.set(line.rrule, [...(byDays.get(line.rrule) ?? []), line]);
  for (const [rrule, together] of byDays) {
    const checklist = [...new Set(together.flatMap((line) => line.checklist))];
    const plan = await createPlan(
      tx,
      propertyId,
      {
        name: [...new Set(together.map((line) => line.name))].join(' + '),
        rrule,
        startDate: window.from,
        window: null,
        checklist: checklist.length ? checklist : DEFAULT_CHECKLIST,
        crewUserIds,
        instructions: '',
      },
      { horizonWeeks: options.horizonWeeks, today: options.today, actorId: null },
    );
    for (const line of together) planIds.set(line.id, plan.id);
    planned.push(...planDatesBetween({ rrule: plan.rrule, startDate: plan.startDate }, window.from, window.by));
  }
  const oneTime = lines.filter(isOneTime);
  // Hourly work alone (the emergency callout) is done as needed: no visit is due.
  if (!planned.length && !oneTime.length && !planIds.size) return { planIds, firstVisit: null };
  const firstVisit = planned.length ? planned.sort()[0]! : window.by;
  if (oneTime.length || !planned.length) {
    // The one-time work (an initial cleanup) on the first visit's day; or, when no plan comes
    // within the window, a visit on its last day so that service starts as promised.
    const checklist = [...new Set((oneTime.length ? oneTime : lines).flatMap((line) => line.checklist))];
    await createOneOffVisit(
      tx,
      {
        propertyId,
        date: firstVisit,
        window: null,
        crewUserIds,
        checklist: checklist.length ? checklist : DEFAULT_CHECKLIST,
        instructions: oneTime.map((line) => line.name).join('; '),
      },
      null,
      options.today,
    );
  }
  return { planIds, firstVisit };
}
