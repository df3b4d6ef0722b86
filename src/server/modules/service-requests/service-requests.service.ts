import sharp from 'sharp';
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { likePattern } from '../../db/like';
import { inTransaction, type Executor } from '../../db/executor';
import { customers, photos, properties, serviceRequestPhotos, serviceRequests, users } from '../../db/schema';
import { ConflictError, NotFoundError, RequestError } from '../../errors';
import type { ServiceRequest, ServiceRequestListQuery, ServiceRequestStatusUpdate } from '../../../shared/api/service-requests';
import { REPORT_IMAGES_MAX_BYTES } from '../../../shared/reports';
import { isHazardReport, type ServiceRequestKind } from '../../../shared/service-requests';
import { enqueueEmail, type InlineImage, type MailContext } from '../mail';
import { addPhoto, PhotoRejectedError, type PhotoStorage, type ProcessedPhoto, processPhoto, toPropertyPhoto } from '../photos';
import { createOneOffVisit } from '../visits';
import { staffNoticeRecipients } from '../accounts';
import { newServiceRequestEmail, serviceRequestStatusEmail } from './service-request-emails';
import { describeVisit, visitForScheduledRequest, type RequestVisit } from './service-request-visits';
import { displayName } from '../../../shared/display-name';

/** The property's own page in the portal, where its requests are listed. */
const portalUrl = (mail: MailContext, propertyId: string) =>
  new URL(`/customer-dashboard/properties/${propertyId}`, mail.appUrl).toString();
const inboxUrl = (mail: MailContext) => new URL('/admin/submissions?view=requests', mail.appUrl).toString();

/** A thumbnail's width in the staff e-mail (shown at 104 px, sharp on a high-density screen). */
const EMAIL_THUMBNAIL_PX = 208;

/**
 * A problem report's photos as small JPEGs (which every mail program shows) for the staff e-mail,
 * made from each photo's smallest variant, a file sent twice shown once, together under
 * REPORT_IMAGES_MAX_BYTES as the visit report's are: the quality steps down until they fit.
 */
async function emailThumbnails(processed: ProcessedPhoto[]): Promise<InlineImage[]> {
  const unique = processed.filter((photo, index) => processed.findIndex((other) => other.contentHash === photo.contentHash) === index);
  for (const quality of [72, 56, 40]) {
    const images = await Promise.all(
      unique.map(async (photo, index) => ({
        contentId: `photo-${index + 1}-${photo.contentHash.slice(0, 16)}@lakeshorelotcare`,
        filename: `photo-${index + 1}.jpg`,
        contentType: 'image/jpeg',
        data: await sharp(photo.variants[0]!.data)
          .resize({ width: EMAIL_THUMBNAIL_PX, height: EMAIL_THUMBNAIL_PX, fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality, mozjpeg: true })
          .toBuffer(),
      })),
    );
    if (images.reduce((total, image) => total + image.data.length, 0) <= REPORT_IMAGES_MAX_BYTES) return images;
  }
  return [];
}

export interface NewServiceRequest {
  kind: ServiceRequestKind;
  propertyId: string;
  requester: { id: string; customerId: string };
  note: string;
  preferredDates: string[];
  /** A problem report's photos, as uploaded. */
  photos: Buffer[];
}

/**
 * Stores a customer's request with its staff notices, then its photos through the photo store.
 * Every photo is checked and processed before anything is written, so a refused photo stores
 * nothing at all. The notices are sent once the request has committed. The caller has checked
 * that the property is the requester's company's.
 */
export async function createServiceRequest(
  db: Executor,
  storage: PhotoStorage,
  mail: MailContext,
  input: NewServiceRequest,
): Promise<ServiceRequest> {
  const processed: ProcessedPhoto[] = [];
  for (const [index, data] of input.photos.entries()) {
    try {
      processed.push(await processPhoto(data));
    } catch (error) {
      if (!(error instanceof PhotoRejectedError)) throw error;
      const message = input.photos.length > 1 ? `Photo ${index + 1}: ${error.message}` : error.message;
      throw new RequestError(error.statusCode, message, { photos: message });
    }
  }
  const [place] = await db
    .select({
      name: properties.name,
      address: sql<string>`${properties.address} || ', ' || ${properties.city} || ', ' || ${properties.state} || ' ' || ${properties.zipCode}`,
      customerName: customers.name,
    })
    .from(properties)
    .innerJoin(customers, eq(customers.id, properties.customerId))
    .where(eq(properties.id, input.propertyId));
  const [requester] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, input.requester.id));
  if (!place || !requester) throw new NotFoundError();
  const preferredDates = [...input.preferredDates].sort();
  const thumbnails = await emailThumbnails(processed);

  const id = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(serviceRequests)
      .values({
        kind: input.kind,
        customerId: input.requester.customerId,
        propertyId: input.propertyId,
        requestedBy: input.requester.id,
        preferredDates,
        note: input.note,
      })
      .returning({ id: serviceRequests.id });
    const details = {
      kind: input.kind,
      propertyName: place.name,
      propertyAddress: place.address,
      customerName: place.customerName,
      requester: { name: displayName(requester), email: requester.email },
      preferredDates,
      note: input.note,
      photos: thumbnails,
      urgent: isHazardReport(input),
    };
    for (const to of await staffNoticeRecipients(tx, mail)) {
      await enqueueEmail(tx, newServiceRequestEmail(to, details, inboxUrl(mail)));
    }
    return row!.id;
  });
  mail.queued();
  // A file the property already has is stored once (addPhoto answers with that photo) and is
  // linked to the report all the same; the same file twice in one report is linked once.
  const linked = new Set<string>();
  for (const [index, photo] of processed.entries()) {
    const stored = await addPhoto(db, storage, {
      propertyId: input.propertyId,
      data: input.photos[index]!,
      processed: photo,
      caption: '',
      photoType: 'other',
      serviceRequestId: id,
      uploadedBy: input.requester.id,
    });
    if (linked.has(stored.id)) continue;
    await db.insert(serviceRequestPhotos).values({ serviceRequestId: id, photoId: stored.id, position: linked.size });
    linked.add(stored.id);
  }
  return getServiceRequest(db, id);
}

/** The requests matching `where`, newest first, with their property, customer, sender and photos. */
async function serviceRequestsWhere(db: Executor, where: SQL | undefined, limit = 200): Promise<ServiceRequest[]> {
  const rows = await db
    .select({
      request: serviceRequests,
      propertyName: properties.name,
      customerName: customers.name,
      requester: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(serviceRequests)
    .innerJoin(properties, eq(properties.id, serviceRequests.propertyId))
    .innerJoin(customers, eq(customers.id, serviceRequests.customerId))
    .leftJoin(users, eq(users.id, serviceRequests.requestedBy))
    .where(where)
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(limit);
  const ids = rows.map((row) => row.request.id);
  const shown = ids.length
    ? await db
        .select({ photo: photos, serviceRequestId: serviceRequestPhotos.serviceRequestId })
        .from(serviceRequestPhotos)
        .innerJoin(photos, eq(photos.id, serviceRequestPhotos.photoId))
        .where(inArray(serviceRequestPhotos.serviceRequestId, ids))
        .orderBy(serviceRequestPhotos.position)
    : [];
  return rows.map(({ request, propertyName, customerName, requester }) => ({
    id: request.id,
    kind: request.kind,
    status: request.status,
    propertyId: request.propertyId,
    propertyName,
    customerId: request.customerId,
    customerName,
    requestedBy: requester ? { name: displayName(requester), email: requester.email } : null,
    preferredDates: request.preferredDates,
    note: request.note,
    photos: shown.filter((row) => row.serviceRequestId === request.id).map((row) => toPropertyPhoto(row.photo)),
    scheduledDate: request.scheduledDate,
    reply: request.reply,
    visitId: request.visitId,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
  }));
}

export async function getServiceRequest(db: Executor, id: string): Promise<ServiceRequest> {
  const [found] = await serviceRequestsWhere(db, eq(serviceRequests.id, id), 1);
  if (!found) throw new NotFoundError();
  return found;
}

/** A property's requests, newest first (the portal). */
export const propertyServiceRequests = (db: Executor, propertyId: string) =>
  serviceRequestsWhere(db, eq(serviceRequests.propertyId, propertyId));

/** The staff inbox's requests, newest first: the 200 latest, of one status or all. */
export function listServiceRequests(db: Executor, query: ServiceRequestListQuery) {
  const pattern = query.q ? likePattern(query.q) : undefined;
  return serviceRequestsWhere(
    db,
    and(
      query.status ? eq(serviceRequests.status, query.status) : undefined,
      query.kind ? eq(serviceRequests.kind, query.kind) : undefined,
      pattern
        ? or(
            ilike(properties.name, pattern),
            ilike(properties.address, pattern),
            ilike(properties.city, pattern),
            ilike(customers.name, pattern),
            ilike(serviceRequests.note, pattern),
            ilike(users.email, pattern),
            ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, pattern),
          )
        : undefined,
    ),
  );
}

/** Requests still waiting for staff (received), and how many of them report a problem: for the console's overview. */
export async function waitingServiceRequests(db: Executor): Promise<{ count: number; problemReports: number }> {
  const [row] = await db
    .select({
      count: count(),
      problemReports: count(sql`case when ${serviceRequests.kind} = 'problem_report' then 1 end`),
    })
    .from(serviceRequests)
    .where(eq(serviceRequests.status, 'received'));
  return { count: row?.count ?? 0, problemReports: row?.problemReports ?? 0 };
}

/** The fields a status sets: the date only while scheduled or done, and the reply written with it (none when empty). */
function statusFields(update: ServiceRequestStatusUpdate, current: { scheduledDate: string | null }) {
  const reply = update.reply || null;
  switch (update.status) {
    case 'received':
      return { status: update.status, scheduledDate: null, reply };
    case 'scheduled':
      return { status: update.status, scheduledDate: update.scheduledDate, reply };
    case 'done':
      return { status: update.status, scheduledDate: current.scheduledDate, reply };
    case 'declined':
      return { status: update.status, scheduledDate: null, reply };
  }
}

/** The request, locked for the rest of the caller's transaction, with what its status e-mail needs. */
async function lockRequest(tx: Executor, id: string) {
  const [current] = await tx
    .select({
      request: serviceRequests,
      propertyName: properties.name,
      email: users.email,
    })
    .from(serviceRequests)
    .innerJoin(properties, eq(properties.id, serviceRequests.propertyId))
    .leftJoin(users, eq(users.id, serviceRequests.requestedBy))
    .where(eq(serviceRequests.id, id))
    .for('update', { of: serviceRequests });
  if (!current) throw new NotFoundError();
  return current;
}

/**
 * Sets a locked request's status (its date, its reply, and the visit it is on when scheduled) and,
 * when what the customer sees changed, queues an e-mail to the user who sent it, in the same
 * transaction. Answers whether an e-mail was queued.
 */
async function applyStatus(
  tx: Executor,
  mail: MailContext,
  current: Awaited<ReturnType<typeof lockRequest>>,
  update: ServiceRequestStatusUpdate,
  visit: RequestVisit | null,
): Promise<boolean> {
  const fields = statusFields(update, current.request);
  const changed =
    fields.status !== current.request.status ||
    fields.scheduledDate !== current.request.scheduledDate ||
    fields.reply !== current.request.reply ||
    (visit !== null && visit.id !== current.request.visitId);
  await tx
    .update(serviceRequests)
    .set({ ...fields, ...(visit ? { visitId: visit.id } : {}), updatedAt: new Date() })
    .where(eq(serviceRequests.id, current.request.id));
  if (changed && current.email) {
    const change = { kind: current.request.kind, propertyName: current.propertyName, ...fields, visit };
    await enqueueEmail(tx, serviceRequestStatusEmail(current.email, change, portalUrl(mail, current.request.propertyId)));
  }
  return changed && current.email !== null;
}

/**
 * PATCH /api/admin/service-requests/{id}. Scheduled puts the request on its visit that day (one
 * already planned, or a one-off made now), in the same transaction as the status and the e-mail,
 * which is sent once that has committed.
 */
export async function changeServiceRequestStatus(
  db: Executor,
  mail: MailContext,
  id: string,
  update: ServiceRequestStatusUpdate,
  actorId: string,
): Promise<ServiceRequest> {
  const mailed = await inTransaction(db, async (tx) => {
    const current = await lockRequest(tx, id);
    const visit =
      update.status === 'scheduled'
        ? await visitForScheduledRequest(tx, current.request, update.scheduledDate, update.crewUserIds ?? [], actorId)
        : null;
    return applyStatus(tx, mail, current, update, visit);
  });
  if (mailed) mail.queued();
  return getServiceRequest(db, id);
}

/**
 * "Turn into a visit": a one-off visit at the request's property on `date` with its crew (the
 * request's note as the visit's instructions), and the request scheduled for that date, in one
 * transaction. A request that already has its visit is refused.
 */
export async function scheduleServiceRequestVisit(
  db: Executor,
  mail: MailContext,
  id: string,
  visit: { date: string; crewUserIds: string[] },
  actorId: string,
): Promise<ServiceRequest> {
  const mailed = await inTransaction(db, async (tx) => {
    const current = await lockRequest(tx, id);
    if (current.request.visitId) {
      throw new ConflictError('date', 'This request already has its visit: move that visit in the schedule instead');
    }
    const made = await createOneOffVisit(
      tx,
      { propertyId: current.request.propertyId, date: visit.date, crewUserIds: visit.crewUserIds, instructions: current.request.note },
      actorId,
    );
    const update = { status: 'scheduled', scheduledDate: visit.date } as const;
    return applyStatus(tx, mail, current, update, await describeVisit(tx, made.id, true));
  });
  if (mailed) mail.queued();
  return getServiceRequest(db, id);
}
