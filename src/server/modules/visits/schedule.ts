import { and, asc, between, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { customers, properties, siteIssues, visits } from '../../db/schema';
import type { Schedule, ScheduleQuery, ScheduleVisit, TodayProgress, VisitFlags, VisitProperty } from '../../../shared/api/schedule';
import { localToday } from '../../../shared/local-dates';
import { listCrewMembers } from '../accounts';
import { peopleById, personName } from './people';

/** A visit's window as the API shows it (HH:MM), or null for an "anytime" visit. */
export const windowOf = (row: { windowStart: string | null; windowEnd: string | null }) =>
  row.windowStart && row.windowEnd ? { from: row.windowStart.slice(0, 5), to: row.windowEnd.slice(0, 5) } : null;

/** What makes a visit stand out: where the check-in was placed, site issues, and whether it was missed. */
export function flagsOf(
  row: { status: string; checkInLocationStatus: string | null; checkInDistanceMeters: number | null },
  siteIssueCount: number,
): VisitFlags {
  return {
    away: row.checkInLocationStatus === 'away',
    distanceMeters: row.checkInDistanceMeters === null ? null : Math.round(row.checkInDistanceMeters),
    notVerified: row.checkInLocationStatus === 'not_verified',
    siteIssues: siteIssueCount,
    missed: row.status === 'missed',
  };
}

/** How many site issues each of these visits has. */
export async function siteIssueCounts(db: Executor, visitIds: string[]): Promise<Map<string, number>> {
  if (!visitIds.length) return new Map();
  const rows = await db
    .select({ visitId: siteIssues.visitId, count: count() })
    .from(siteIssues)
    .where(inArray(siteIssues.visitId, visitIds))
    .groupBy(siteIssues.visitId);
  return new Map(rows.map((row) => [row.visitId, Number(row.count)]));
}

/** Today's visits (America/Chicago) by where they are. */
export async function todayProgress(db: Executor, today: string = localToday()): Promise<TodayProgress> {
  const rows = await db
    .select({ status: visits.status, count: count() })
    .from(visits)
    .where(eq(visits.scheduledDate, today))
    .groupBy(visits.status);
  const of = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return {
    date: today,
    done: of('completed'),
    inProgress: of('in_progress'),
    toDo: of('scheduled'),
    missed: of('missed'),
    skipped: of('skipped'),
  };
}

/**
 * The visits on the local days from..to (one indexed range scan), each with its property, crew
 * and flags, ordered by day, window ("anytime" last) and property; every crew member (the week's
 * columns); and today's progress.
 */
export async function weekSchedule(db: Executor, range: ScheduleQuery, today: string = localToday()): Promise<Schedule> {
  const rows = await db
    .select({
      id: visits.id,
      scheduledDate: visits.scheduledDate,
      windowStart: visits.windowStart,
      windowEnd: visits.windowEnd,
      status: visits.status,
      skipReason: visits.skipReason,
      skipNote: visits.skipNote,
      planId: visits.planId,
      kind: visits.kind,
      crewUserIds: visits.crewUserIds,
      checkInLocationStatus: visits.checkInLocationStatus,
      checkInDistanceMeters: visits.checkInDistanceMeters,
      propertyId: properties.id,
      propertyName: properties.name,
      city: properties.city,
    })
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .where(and(between(visits.scheduledDate, range.from, range.to)))
    .orderBy(asc(visits.scheduledDate), sql`${visits.windowStart} asc nulls last`, asc(properties.name), asc(visits.id));
  const [issues, people, crew, progress] = await Promise.all([
    siteIssueCounts(
      db,
      rows.map((row) => row.id),
    ),
    peopleById(
      db,
      rows.flatMap((row) => row.crewUserIds),
    ),
    listCrewMembers(db),
    todayProgress(db, today),
  ]);
  const scheduled: ScheduleVisit[] = rows.map((row) => ({
    id: row.id,
    scheduledDate: row.scheduledDate,
    window: windowOf(row),
    status: row.status,
    skipReason: row.skipReason,
    skipNote: row.skipNote,
    oneOff: row.planId === null,
    kind: row.kind,
    property: { id: row.propertyId, name: row.propertyName, city: row.city },
    crew: row.crewUserIds.map((id) => people.get(id) ?? { id, name: 'Former crew member' }),
    flags: flagsOf(row, issues.get(row.id) ?? 0),
  }));
  return {
    from: range.from,
    to: range.to,
    today: progress,
    crew: crew.map((member) => ({ id: member.id, name: personName(member) })),
    visits: scheduled,
  };
}

/** Every property, by name, with its city and customer: what a one-off visit can be added to. */
export async function visitProperties(db: Executor): Promise<VisitProperty[]> {
  return db
    .select({ id: properties.id, name: properties.name, city: properties.city, customerName: customers.name })
    .from(properties)
    .innerJoin(customers, eq(customers.id, properties.customerId))
    .orderBy(asc(sql`lower(${properties.name})`), asc(properties.id));
}
