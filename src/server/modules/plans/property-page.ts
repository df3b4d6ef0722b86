import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { PropertyVisit, PropertyVisits } from '../../../shared/api/plans';
import type { LocationInput, PropertyDetail } from '../../../shared/api/properties';
import { mapsLink } from '../../../shared/geo';
import { addDays, localToday } from '../../../shared/local-dates';
import type { Executor } from '../../db/executor';
import { customers, photos, properties, servicePlans, siteIssues, users, visits } from '../../db/schema';
import { NotFoundError, RequestError } from '../../errors';
import { taxRateFor } from '../pricing';
import { plansOfProperty } from './plans.service';
import { displayName } from '../../../shared/display-name';

/** The property page's recent visits reach this far back. */
export const RECENT_VISITS_DAYS = 42;
/** At most this many visits in each list. */
export const PROPERTY_VISITS_LIMIT = 30;

const hhmm = (time: string | null) => (time ? time.slice(0, 5) : null);

/** The console's property page: the property and its customer, its location (and any proposal), its plans. */
export async function propertyDetail(db: Executor, propertyId: string): Promise<PropertyDetail> {
  const [row] = await db
    .select({ property: properties, customerName: customers.name })
    .from(properties)
    .innerJoin(customers, eq(customers.id, properties.customerId))
    .where(eq(properties.id, propertyId));
  if (!row) throw new NotFoundError();
  const { property } = row;
  const point = property.latitude !== null && property.longitude !== null ? { lat: property.latitude, lng: property.longitude } : null;
  const address = `${property.address}, ${property.city}, ${property.state} ${property.zipCode}`;
  return {
    property: {
      id: property.id,
      name: property.name,
      address: property.address,
      city: property.city,
      state: property.state,
      zipCode: property.zipCode,
      propertyType: property.propertyType,
      customerId: property.customerId,
      customerName: row.customerName,
    },
    location: point ? { ...point, source: property.locationSource } : null,
    proposedLocation:
      property.proposedLatitude !== null && property.proposedLongitude !== null
        ? { lat: property.proposedLatitude, lng: property.proposedLongitude, visitId: property.proposedByVisitId }
        : null,
    mapsLink: mapsLink(address, point),
    salesTax: { jurisdiction: property.taxJurisdiction, rateBp: await taxRateFor(db, property.taxJurisdiction) },
    plans: await plansOfProperty(db, propertyId),
  };
}

/** The property page's visits: the last six weeks, newest first, and the coming ones, soonest first. */
export async function propertyVisits(db: Executor, propertyId: string, today: string = localToday()): Promise<PropertyVisits> {
  const [exists] = await db.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId));
  if (!exists) throw new NotFoundError();
  const columns = {
    visit: visits,
    planName: servicePlans.name,
    issueCount: sql<number>`(select count(*)::int from ${siteIssues} where ${siteIssues.visitId} = ${visits.id})`,
    photoCount: sql<number>`(select count(*)::int from ${photos} where ${photos.visitId} = ${visits.id})`,
  };
  const base = () => db.select(columns).from(visits).leftJoin(servicePlans, eq(servicePlans.id, visits.planId));
  const [recent, upcoming] = await Promise.all([
    base()
      .where(
        and(
          eq(visits.propertyId, propertyId),
          lt(visits.scheduledDate, today),
          gte(visits.scheduledDate, addDays(today, -RECENT_VISITS_DAYS)),
        ),
      )
      .orderBy(desc(visits.scheduledDate), asc(visits.windowStart))
      .limit(PROPERTY_VISITS_LIMIT),
    base()
      .where(and(eq(visits.propertyId, propertyId), gte(visits.scheduledDate, today)))
      .orderBy(asc(visits.scheduledDate), asc(visits.windowStart))
      .limit(PROPERTY_VISITS_LIMIT),
  ]);
  const crewIds = [...new Set([...recent, ...upcoming].flatMap((row) => row.visit.crewUserIds))];
  const crew = crewIds.length
    ? await db
        .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, crewIds))
    : [];
  const nameOf = new Map(crew.map((user) => [user.id, displayName(user)]));
  const toVisit = ({ visit, planName, issueCount, photoCount }: (typeof recent)[number]): PropertyVisit => {
    const from = hhmm(visit.windowStart);
    const to = hhmm(visit.windowEnd);
    return {
      id: visit.id,
      scheduledDate: visit.scheduledDate,
      status: visit.status,
      planId: visit.planId,
      planName,
      window: from && to ? { from, to } : null,
      crew: visit.crewUserIds.filter((id) => nameOf.has(id)).map((id) => ({ id, name: nameOf.get(id)! })),
      skipReason: visit.skipReason,
      skipNote: visit.skipNote,
      checkInLocationStatus: visit.checkInLocationStatus,
      checkInDistanceMeters: visit.checkInDistanceMeters,
      issueCount: Number(issueCount),
      photoCount: Number(photoCount),
      customized: visit.customized,
    };
  };
  return { recent: recent.map(toVisit), upcoming: upcoming.map(toVisit) };
}

/** Sets a property's location, typed or read from a device on the site; a pending proposal is then moot. */
export async function setPropertyLocation(db: Executor, propertyId: string, input: LocationInput) {
  const [row] = await db
    .update(properties)
    .set({
      latitude: input.lat,
      longitude: input.lng,
      locationSource: input.source,
      proposedLatitude: null,
      proposedLongitude: null,
      proposedByVisitId: null,
    })
    .where(eq(properties.id, propertyId))
    .returning({ lat: properties.latitude, lng: properties.longitude, source: properties.locationSource });
  if (!row) throw new NotFoundError();
  return { lat: row.lat!, lng: row.lng!, source: row.source };
}

/** Makes the location a crew check-in proposed the property's location. */
export async function confirmProposedLocation(db: Executor, propertyId: string, seen: { lat: number; lng: number }) {
  const [row] = await db
    .update(properties)
    .set({
      latitude: sql`${properties.proposedLatitude}`,
      longitude: sql`${properties.proposedLongitude}`,
      locationSource: 'check-in',
      proposedLatitude: null,
      proposedLongitude: null,
      proposedByVisitId: null,
    })
    .where(and(eq(properties.id, propertyId), eq(properties.proposedLatitude, seen.lat), eq(properties.proposedLongitude, seen.lng)))
    .returning({ lat: properties.latitude, lng: properties.longitude, source: properties.locationSource });
  if (row) return { lat: row.lat!, lng: row.lng!, source: row.source };
  const [property] = await db
    .select({ proposedLatitude: properties.proposedLatitude })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!property) throw new NotFoundError();
  throw new RequestError(
    409,
    property.proposedLatitude === null
      ? 'There is no proposed location to confirm: it may have been confirmed or dismissed already'
      : 'A newer check-in proposed another location: look at it again before confirming',
  );
}

/** Dismisses a proposed location (the check-in was not on the site, say). Dismissing none is fine. */
export async function dismissProposedLocation(db: Executor, propertyId: string): Promise<void> {
  const [row] = await db
    .update(properties)
    .set({ proposedLatitude: null, proposedLongitude: null, proposedByVisitId: null })
    .where(eq(properties.id, propertyId))
    .returning({ id: properties.id });
  if (!row) throw new NotFoundError();
}
