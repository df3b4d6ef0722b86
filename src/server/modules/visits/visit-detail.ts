import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { customers, photos, properties, siteIssues, visitChecklistItems, visitEvents, visits } from '../../db/schema';
import { NotFoundError } from '../../errors';
import type { VisitDetail } from '../../../shared/api/schedule';
import { toPropertyPhoto } from '../photos';
import { peopleById } from './people';
import { flagsOf, windowOf } from './schedule';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * A visit's whole record for staff: the visit with its check-in (coordinates included: staff
 * only), its property and customer, crew, checklist, site issues, photos grouped before / after /
 * issues, and the timeline in time order with who did each thing. NotFoundError for an unknown visit.
 */
export async function visitDetail(db: Executor, id: string): Promise<VisitDetail> {
  const [found] = await db
    .select({ visit: visits, property: properties, customerName: customers.name })
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .innerJoin(customers, eq(customers.id, properties.customerId))
    .where(eq(visits.id, id))
    .limit(1);
  if (!found) throw new NotFoundError();
  const { visit, property } = found;
  const [checklist, issues, visitPhotos, events] = await Promise.all([
    db.select().from(visitChecklistItems).where(eq(visitChecklistItems.visitId, id)).orderBy(asc(visitChecklistItems.position)),
    db.select().from(siteIssues).where(eq(siteIssues.visitId, id)).orderBy(asc(siteIssues.reportedAt)),
    db.select().from(photos).where(eq(photos.visitId, id)).orderBy(asc(photos.takenAt), asc(photos.uploadDate)),
    db.select().from(visitEvents).where(eq(visitEvents.visitId, id)).orderBy(asc(visitEvents.at), asc(visitEvents.id)),
  ]);
  const people = await peopleById(db, [
    ...visit.crewUserIds,
    visit.checkedInBy,
    visit.checkedOutBy,
    ...checklist.map((item) => item.doneBy),
    ...issues.map((issue) => issue.reportedBy),
    ...events.map((event) => event.actorId),
  ]);
  const person = (userId: string | null) => (userId ? (people.get(userId) ?? { id: userId, name: 'Former user' }) : null);
  const grouped: VisitDetail['photos'] = { before: [], after: [], issues: [] };
  for (const photo of visitPhotos) {
    const group = photo.siteIssueId ? 'issues' : photo.photoType === 'before' ? 'before' : photo.photoType === 'after' ? 'after' : 'issues';
    grouped[group].push(toPropertyPhoto(photo));
  }
  const checkedIn = visit.checkedInAt !== null || visit.checkInLocationStatus !== null;
  return {
    visit: {
      id: visit.id,
      scheduledDate: visit.scheduledDate,
      occurrenceDate: visit.occurrenceDate,
      planId: visit.planId,
      window: windowOf(visit),
      status: visit.status,
      skipReason: visit.skipReason,
      skipNote: visit.skipNote,
      instructions: visit.instructions,
      note: visit.note,
      customized: visit.customized,
      checkedInAt: iso(visit.checkedInAt),
      checkedInBy: person(visit.checkedInBy),
      checkedOutAt: iso(visit.checkedOutAt),
      checkedOutBy: person(visit.checkedOutBy),
      checkIn: checkedIn
        ? {
            locationStatus: visit.checkInLocationStatus,
            distanceMeters: visit.checkInDistanceMeters === null ? null : Math.round(visit.checkInDistanceMeters),
            latitude: visit.checkInLatitude,
            longitude: visit.checkInLongitude,
            accuracyMeters: visit.checkInAccuracyMeters,
          }
        : null,
      flags: flagsOf(visit, issues.length),
    },
    property: {
      id: property.id,
      name: property.name,
      address: property.address,
      city: property.city,
      state: property.state,
      zipCode: property.zipCode,
      customerId: property.customerId,
      customerName: found.customerName,
      location: property.latitude !== null && property.longitude !== null ? { lat: property.latitude, lng: property.longitude } : null,
    },
    crew: visit.crewUserIds.map((userId) => person(userId)!),
    checklist: checklist.map((item) => ({
      position: item.position,
      label: item.label,
      doneAt: iso(item.doneAt),
      doneBy: person(item.doneBy),
    })),
    siteIssues: issues.map((issue) => ({
      id: issue.id,
      type: issue.issueType,
      note: issue.note,
      reportedAt: issue.reportedAt.toISOString(),
      reportedBy: person(issue.reportedBy),
    })),
    photos: grouped,
    timeline: events.map((event) => ({
      id: event.id,
      kind: event.kind,
      at: event.at.toISOString(),
      actor: person(event.actorId),
      detail: event.detail,
    })),
  };
}
