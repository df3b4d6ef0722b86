import { and, asc, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Assessment, AssessmentInput, AssessmentPhoto } from '../../../shared/api/assessments';
import { displayName } from '../../../shared/display-name';
import { localToday } from '../../../shared/local-dates';
import { ASSESSMENT_CHECKLIST } from '../../../shared/visits';
import { inTransaction, type Executor } from '../../db/executor';
import { photos, properties, quoteRequests, users, visits } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { findCustomerByEmail, insertProspect } from '../customers';
import { createProperty, findPropertyByName } from '../properties';
import { createOneOffVisit } from '../visits';

export interface ScheduledAssessment {
  customerId: string;
  propertyId: string;
  visitId: string;
}

/**
 * Puts a quote request's free property visit on the schedule (issue 24), in one transaction: the
 * request's customer, else the customer with its e-mail, else a new prospect (the request's company,
 * person, e-mail and phone, with no portal users); the site, unless the customer already has one by
 * that name; and an `assessment` visit there with the assessment checklist. The request is linked to
 * the customer, and a new request is marked contacted. Locked, so two presses make one prospect.
 */
export async function scheduleAssessment(
  db: Executor,
  quoteRequestId: string,
  input: AssessmentInput,
  actorId: string,
  today: string = localToday(),
): Promise<ScheduledAssessment> {
  return inTransaction(db, async (tx) => {
    const [request] = await tx
      .select({
        name: quoteRequests.name,
        email: quoteRequests.email,
        phone: quoteRequests.phone,
        customerId: quoteRequests.customerId,
        status: quoteRequests.status,
      })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, quoteRequestId))
      .for('update');
    if (!request) throw new NotFoundError();
    const customerId =
      request.customerId ??
      (await findCustomerByEmail(tx, request.email))?.id ??
      (await insertProspect(tx, { name: input.companyName, contactName: request.name, email: request.email, phone: request.phone }));
    await tx
      .update(quoteRequests)
      .set({ customerId, ...(request.status === 'new' ? { status: 'contacted' as const } : {}) })
      .where(eq(quoteRequests.id, quoteRequestId));
    const propertyId =
      (await findPropertyByName(tx, customerId, input.property.name))?.id ?? (await createProperty(tx, customerId, input.property)).id;
    const visit = await createOneOffVisit(
      tx,
      {
        propertyId,
        date: input.date,
        window: input.window ?? null,
        crewUserIds: input.crewUserIds,
        instructions: input.instructions ?? '',
        checklist: [...ASSESSMENT_CHECKLIST],
        kind: 'assessment',
      },
      actorId,
      today,
    );
    return { customerId, propertyId, visitId: visit.id };
  });
}

/** The property visits made for a quote request's customer, newest first, with their crews, notes and photo counts. */
export async function assessmentsOfRequest(db: Executor, quoteRequestId: string): Promise<Assessment[]> {
  const [request] = await db
    .select({ customerId: quoteRequests.customerId })
    .from(quoteRequests)
    .where(eq(quoteRequests.id, quoteRequestId))
    .limit(1);
  if (!request) throw new NotFoundError();
  if (!request.customerId) return [];
  const rows = await db
    .select({
      visitId: visits.id,
      customerId: properties.customerId,
      propertyId: properties.id,
      propertyName: properties.name,
      address: properties.address,
      city: properties.city,
      date: visits.scheduledDate,
      windowStart: visits.windowStart,
      windowEnd: visits.windowEnd,
      status: visits.status,
      crewUserIds: visits.crewUserIds,
      note: visits.note,
    })
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .where(and(eq(properties.customerId, request.customerId), eq(visits.kind, 'assessment')))
    .orderBy(desc(visits.scheduledDate), desc(visits.createdAt));
  if (!rows.length) return [];
  const visitIds = rows.map((row) => row.visitId);
  const [photoCounts, crew] = await Promise.all([
    db.select({ visitId: photos.visitId, count: count() }).from(photos).where(inArray(photos.visitId, visitIds)).groupBy(photos.visitId),
    db
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.flatMap((row) => row.crewUserIds))])),
  ]);
  const photoCount = new Map(photoCounts.map((row) => [row.visitId, row.count]));
  const names = new Map(crew.map((person) => [person.id, displayName(person)]));
  return rows.map((row) => ({
    visitId: row.visitId,
    customerId: row.customerId,
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    address: `${row.address}, ${row.city}`,
    date: row.date,
    window: row.windowStart && row.windowEnd ? { from: row.windowStart.slice(0, 5), to: row.windowEnd.slice(0, 5) } : null,
    status: row.status,
    crewNames: row.crewUserIds.flatMap((id) => names.get(id) ?? []),
    note: row.note,
    photoCount: photoCount.get(row.visitId) ?? 0,
  }));
}

/** The photos taken on a customer's (or prospect's) property visits, oldest first: what staff may put on an estimate. */
export async function assessmentPhotosOfCustomer(db: Executor, customerId: string): Promise<AssessmentPhoto[]> {
  const rows = await db
    .select({
      id: photos.id,
      propertyId: photos.propertyId,
      caption: photos.caption,
      takenAt: photos.takenAt,
      width: photos.width,
      height: photos.height,
      variantWidths: photos.variantWidths,
    })
    .from(photos)
    .innerJoin(visits, eq(visits.id, photos.visitId))
    .innerJoin(properties, eq(properties.id, photos.propertyId))
    .where(and(eq(properties.customerId, customerId), eq(visits.kind, 'assessment'), isNotNull(photos.visitId)))
    .orderBy(asc(photos.uploadDate), asc(photos.id));
  return rows.map((row) => ({ ...row, takenAt: row.takenAt?.toISOString() ?? null }));
}
