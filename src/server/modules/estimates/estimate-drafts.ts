import { eq, inArray, sql } from 'drizzle-orm';
import type { Estimate, EstimateDraft, EstimatePropertyInput } from '../../../shared/api/estimates';
import type { BillingSettings, PriceBookService } from '../../../shared/api/pricing';
import { AGREEMENT_TERMS } from '../../../shared/estimate-totals';
import { localToday } from '../../../shared/local-dates';
import { taxRateBp } from '../../../shared/tax-jurisdictions';
import { inTransaction, type Executor } from '../../db/executor';
import {
  customers,
  estimateLines,
  estimateProperties,
  estimates,
  properties,
  quoteRequests,
  type EstimateLineRow,
  type EstimatePropertyRow,
} from '../../db/schema';
import { RequestError } from '../../errors';
import { idsThatAreNotCrew, normalizeEmail } from '../accounts';
import { canonicalRrule } from '../plans';
import { getBillingSettings, listPriceBookServices } from '../pricing';
import { photosNotOfCustomer, setEstimatePhotos } from './estimate-photos';
import { getEstimate, lockEstimate } from './estimate-views';

/** A property as stored on an estimate, with its lines: what a draft, a revision's copy and the tests write. */
export type PropertyValues = Omit<EstimatePropertyRow, 'id' | 'estimateId' | 'position'> & {
  lines: Array<Omit<EstimateLineRow, 'id' | 'estimatePropertyId' | 'position'>>;
};

/** The estimate's own columns that a draft sets. */
type DraftValues = Pick<
  typeof estimates.$inferInsert,
  | 'quoteRequestId'
  | 'customerId'
  | 'companyName'
  | 'contactName'
  | 'email'
  | 'phone'
  | 'requestMessage'
  | 'note'
  | 'termsOffered'
  | 'termDiscounts'
  | 'proposedStartDate'
  | 'validUntil'
>;

export const SENT_IS_FINAL = 'This estimate has been sent, and a sent estimate is never changed: use Revise to make a new version';

/** Field errors gathered over a whole draft; `refuse()` throws them as one 400 when there are any. */
class Problems {
  readonly errors: Record<string, string> = {};
  add(path: string, message: string) {
    this.errors[path] ??= message;
  }
  refuse() {
    const messages = [...new Set(Object.values(this.errors))];
    if (messages.length) throw new RequestError(400, messages.join('; '), this.errors);
  }
}

/** The quote request's fields carried over, checked to exist; the customer checked to exist. */
async function origin(db: Executor, draft: EstimateDraft, problems: Problems) {
  const [request] = draft.quoteRequestId
    ? await db
        .select({ phone: quoteRequests.phone, message: quoteRequests.message, customerId: quoteRequests.customerId })
        .from(quoteRequests)
        .where(eq(quoteRequests.id, draft.quoteRequestId))
        .limit(1)
    : [];
  if (draft.quoteRequestId && !request) problems.add('quoteRequestId', 'That quote request no longer exists');
  // A request already made into a customer brings the customer along.
  const customerId = draft.customerId ?? request?.customerId ?? null;
  const [customer] = customerId ? await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).limit(1) : [];
  if (customerId && !customer) problems.add('customerId', 'That customer no longer exists');
  return { request: request ?? null, customerId: customer ? customerId : null };
}

/** Each property's `propertyId`, which must be one of the customer's own, once on the estimate. */
async function checkCustomerProperties(db: Executor, draft: EstimateDraft, customerId: string | null, problems: Problems) {
  const wanted = draft.properties.flatMap((property) => (property.propertyId ? [property.propertyId] : []));
  const owners = new Map(
    wanted.length
      ? (
          await db.select({ id: properties.id, customerId: properties.customerId }).from(properties).where(inArray(properties.id, wanted))
        ).map((row) => [row.id, row.customerId])
      : [],
  );
  const seen = new Set<string>();
  draft.properties.forEach((property, index) => {
    if (!property.propertyId) return;
    const path = `properties.${index}.propertyId`;
    if (!customerId) problems.add(path, 'Choose the customer first, then one of their properties');
    else if (owners.get(property.propertyId) !== customerId) problems.add(path, 'Choose one of the customer’s properties');
    else if (seen.has(property.propertyId)) problems.add(path, 'This property is on the estimate already');
    seen.add(property.propertyId);
  });
}

/** The proposed crews must be crew members. */
async function checkCrews(db: Executor, draft: EstimateDraft, problems: Problems) {
  const notCrew = new Set(await idsThatAreNotCrew(db, [...new Set(draft.properties.flatMap((property) => property.crewUserIds ?? []))]));
  draft.properties.forEach((property, index) => {
    if ((property.crewUserIds ?? []).some((id) => notCrew.has(id))) {
      problems.add(`properties.${index}.crewUserIds`, 'Choose crew members from the list');
    }
  });
}

/** A property's lines as stored: each one's name, unit, tax class, checklist (and description) from its price-book service. */
function lineValues(
  property: EstimatePropertyInput,
  at: string,
  services: Map<string, PriceBookService>,
  problems: Problems,
): PropertyValues['lines'] {
  return property.lines.flatMap((line, index) => {
    const path = `${at}.lines.${index}`;
    const service = services.get(line.serviceId);
    if (!service) {
      problems.add(`${path}.serviceId`, 'That service is not in the price book: choose one from the list');
      return [];
    }
    if (!service.active) {
      problems.add(`${path}.serviceId`, `“${service.name}” is no longer offered: choose another service`);
      return [];
    }
    if (line.rrule && service.unit === 'once') problems.add(`${path}.rrule`, `“${service.name}” is one-time work: it does not repeat`);
    if (line.rrule && service.unit === 'hour')
      problems.add(`${path}.rrule`, `“${service.name}” is billed by the hour as needed: it does not repeat`);
    if (!line.rrule && service.unit === 'month') problems.add(`${path}.rrule`, 'Choose how often the visits repeat');
    return [
      {
        serviceId: service.id,
        name: service.name,
        description: line.description ?? service.description,
        unit: service.unit,
        unitPriceCents: line.unitPriceCents,
        taxClass: service.taxClass,
        rrule: line.rrule ? canonicalRrule(line.rrule) : null,
        optional: line.optional,
        checklist: service.checklist,
      },
    ];
  });
}

function propertyValues(
  property: EstimatePropertyInput,
  index: number,
  settings: BillingSettings,
  services: Map<string, PriceBookService>,
  problems: Problems,
): PropertyValues {
  return {
    propertyId: property.propertyId ?? null,
    name: property.name,
    address: property.address,
    city: property.city,
    state: property.state.toUpperCase(),
    zipCode: property.zipCode,
    propertyType: property.propertyType,
    parkingSpaces: property.parkingSpaces ?? null,
    squareFeet: property.squareFeet ?? null,
    taxJurisdiction: property.taxJurisdiction,
    taxRateBp: taxRateBp(property.taxJurisdiction, settings.taxRates),
    crewUserIds: [...new Set(property.crewUserIds ?? [])],
    lines: lineValues(property, `properties.${index}`, services, problems),
  };
}

/**
 * A draft checked against the database and turned into what is stored: the request's phone
 * (when none is given) and message carried over, the price book's names, units, tax classes and
 * checklists, the settings' tax rates and term discounts as they are today. Every problem is
 * found before refusing, each at its field's path (`properties.0.lines.1.serviceId`).
 */
async function prepareDraft(db: Executor, draft: EstimateDraft, today: string = localToday()) {
  const problems = new Problems();
  if (draft.proposedStartDate < today) problems.add('proposedStartDate', 'The start date must be today or later');
  if (draft.validUntil < today) problems.add('validUntil', '“Valid until” must be today or later');
  const { request, customerId } = await origin(db, draft, problems);
  await checkCustomerProperties(db, draft, customerId, problems);
  await checkCrews(db, draft, problems);
  const photoIds = draft.photoIds ?? [];
  if ((await photosNotOfCustomer(db, photoIds, customerId)).length)
    problems.add('photoIds', 'Choose photos from this customer’s property visits');
  // The whole price book is a few dozen services: one read, retired ones included (a line naming one is refused).
  // One after the other: this runs in a transaction, whose one connection takes one query at a time.
  const settings = await getBillingSettings(db);
  const book = await listPriceBookServices(db);
  const services = new Map(book.map((service) => [service.id, service]));
  const propertyRows = draft.properties.map((property, index) => propertyValues(property, index, settings, services, problems));
  problems.refuse();
  const termsOffered = AGREEMENT_TERMS.filter((term) => draft.termsOffered.includes(term));
  const values: DraftValues = {
    quoteRequestId: draft.quoteRequestId ?? null,
    customerId,
    companyName: draft.companyName,
    contactName: draft.contactName,
    email: normalizeEmail(draft.email),
    phone: (draft.phone === undefined ? request?.phone : draft.phone) || null,
    requestMessage: request?.message ?? '',
    note: draft.note ?? '',
    termsOffered,
    termDiscounts: Object.fromEntries(termsOffered.map((term) => [term, settings.termDiscounts[term]])),
    proposedStartDate: draft.proposedStartDate,
    validUntil: draft.validUntil,
  };
  return { values, properties: propertyRows, photoIds };
}

/** Writes an estimate's properties and their lines, in order (two inserts). */
export async function insertEstimateProperties(db: Executor, estimateId: string, rows: readonly PropertyValues[]): Promise<void> {
  if (!rows.length) return;
  const made = await db
    .insert(estimateProperties)
    .values(rows.map(({ lines: _lines, ...property }, position) => ({ ...property, estimateId, position })))
    .returning({ id: estimateProperties.id, position: estimateProperties.position });
  const idAt = new Map(made.map((row) => [row.position, row.id]));
  const lines = rows.flatMap((property, position) =>
    property.lines.map((line, index) => ({ ...line, estimatePropertyId: idAt.get(position)!, position: index })),
  );
  if (lines.length) await db.insert(estimateLines).values(lines);
}

/**
 * POST /api/admin/estimates: a new draft, version 1 of the next estimate number. `now` is when it is
 * written (its dates are checked against that day): the demo (seed-demo) writes its estimate in the past.
 */
export async function createEstimate(
  db: Executor,
  draft: EstimateDraft,
  actorId: string | null,
  now: Date = new Date(),
): Promise<Estimate> {
  const id = await inTransaction(db, async (tx) => {
    const prepared = await prepareDraft(tx, draft, localToday(now));
    const [row] = await tx
      .insert(estimates)
      .values({
        ...prepared.values,
        number: sql`nextval('estimate_numbers')`,
        version: 1,
        createdBy: actorId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: estimates.id });
    await insertEstimateProperties(tx, row!.id, prepared.properties);
    await setEstimatePhotos(tx, row!.id, prepared.photoIds);
    return row!.id;
  });
  return getEstimate(db, id);
}

/** PUT /api/admin/estimates/{id}: a draft replaced whole. A sent estimate is never changed in place (409: use Revise). */
export async function replaceEstimateDraft(db: Executor, id: string, draft: EstimateDraft): Promise<Estimate> {
  await inTransaction(db, async (tx) => {
    const current = await lockEstimate(tx, id);
    if (current.status !== 'draft') throw new RequestError(409, SENT_IS_FINAL);
    const prepared = await prepareDraft(tx, draft);
    await tx
      .update(estimates)
      .set({ ...prepared.values, updatedAt: new Date() })
      .where(eq(estimates.id, id));
    await tx.delete(estimateProperties).where(eq(estimateProperties.estimateId, id));
    await insertEstimateProperties(tx, id, prepared.properties);
    await setEstimatePhotos(tx, id, prepared.photoIds);
  });
  return getEstimate(db, id);
}
