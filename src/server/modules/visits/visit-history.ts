import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { photos, properties, siteIssues, users, visitChecklistItems, visits } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { toPropertyPhoto } from '../photos';
import { propertyOwner } from '../properties';
import type { PortalVisit, VisitHistory, VisitHistoryQuery } from '../../../shared/api/visit-history';
import { VISIT_HISTORY_PAGE_SIZE } from '../../../shared/api/visit-history';
import { addDays, localToday } from '../../../shared/local-dates';
import { SITE_ISSUE_TYPE_LABELS, SKIP_REASON_LABELS } from '../../../shared/visits';

/**
 * A property's visits as proof of service for its customer (the portal) and for staff: the
 * next visit, and the history (every visit up to today that is no longer just planned),
 * newest first. What a customer may see is decided by the caller (the policy's ownCustomer).
 */

const hhmm = (time: string | null) => time?.slice(0, 5) ?? null;

/** The last day of a YYYY-MM month. */
const monthEnd = (month: string) => addDays(`${nextMonth(month)}-01`, -1);
function nextMonth(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** Visits loaded whole: checklist, photos by kind, issues with their photos, and the crew's first names. */
export async function loadPortalVisits(
  db: Executor,
  where: SQL | undefined,
  order: SQL[],
  limit?: number,
  offset = 0,
): Promise<PortalVisit[]> {
  let query = db
    .select({ visit: visits, propertyName: properties.name })
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .where(where)
    .orderBy(...order)
    .$dynamic();
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  const rows = await query;
  if (!rows.length) return [];
  const ids = rows.map((row) => row.visit.id);
  const crewIds = [...new Set(rows.flatMap((row) => row.visit.crewUserIds))];
  const [items, issues, pictures, crew] = await Promise.all([
    db.select().from(visitChecklistItems).where(inArray(visitChecklistItems.visitId, ids)).orderBy(asc(visitChecklistItems.position)),
    db.select().from(siteIssues).where(inArray(siteIssues.visitId, ids)).orderBy(asc(siteIssues.reportedAt)),
    db
      .select()
      .from(photos)
      .where(inArray(photos.visitId, ids))
      .orderBy(sql`${photos.takenAt} asc nulls last`, asc(photos.uploadDate)),
    crewIds.length ? db.select({ id: users.id, firstName: users.firstName }).from(users).where(inArray(users.id, crewIds)) : [],
  ]);
  const firstNames = new Map(crew.map((member) => [member.id, member.firstName]));
  return rows.map(({ visit, propertyName }) => {
    const own = pictures.filter((photo) => photo.visitId === visit.id);
    const ofKind = (kind: string) => own.filter((photo) => !photo.siteIssueId && photo.photoType === kind).map(toPropertyPhoto);
    const arrived = visit.checkedInAt;
    const departed = visit.checkedOutAt;
    return {
      id: visit.id,
      propertyId: visit.propertyId,
      propertyName,
      scheduledDate: visit.scheduledDate,
      status: visit.status,
      window: visit.windowStart && visit.windowEnd ? { from: hhmm(visit.windowStart)!, to: hhmm(visit.windowEnd)! } : null,
      arrivedAt: arrived?.toISOString() ?? null,
      departedAt: departed?.toISOString() ?? null,
      durationMinutes: arrived && departed ? Math.max(0, Math.round((departed.getTime() - arrived.getTime()) / 60_000)) : null,
      crew: visit.crewUserIds.map((id) => firstNames.get(id)).filter((name): name is string => Boolean(name)),
      verifiedOnSite: visit.checkInLocationStatus === 'verified',
      checklist: items.filter((item) => item.visitId === visit.id).map((item) => ({ label: item.label, done: item.doneAt !== null })),
      photos: { before: ofKind('before'), after: ofKind('after') },
      issues: issues
        .filter((issue) => issue.visitId === visit.id)
        .map((issue) => ({
          id: issue.id,
          type: issue.issueType,
          label: SITE_ISSUE_TYPE_LABELS[issue.issueType],
          note: issue.note,
          reportedAt: issue.reportedAt.toISOString(),
          photos: own.filter((photo) => photo.siteIssueId === issue.id).map(toPropertyPhoto),
        })),
      // A reason of the office's own words ("other") is told by its note.
      skipReason:
        visit.status !== 'skipped' || !visit.skipReason
          ? null
          : visit.skipReason === 'other' && visit.skipNote
            ? visit.skipNote
            : SKIP_REASON_LABELS[visit.skipReason],
    };
  });
}

/** GET /api/properties/{id}/visits. */
export async function visitHistory(
  db: Executor,
  propertyId: string,
  query: VisitHistoryQuery,
  today = localToday(),
): Promise<VisitHistory> {
  const page = query.page ?? 1;
  const ofProperty = eq(visits.propertyId, propertyId);
  const history = and(ofProperty, ne(visits.status, 'scheduled'), lte(visits.scheduledDate, today));
  const filtered = query.month
    ? and(history, gte(visits.scheduledDate, `${query.month}-01`), lte(visits.scheduledDate, monthEnd(query.month)))
    : history;
  const [[next], months, counted, list] = await Promise.all([
    db
      .select({ date: visits.scheduledDate, windowStart: visits.windowStart, windowEnd: visits.windowEnd })
      .from(visits)
      .where(and(ofProperty, eq(visits.status, 'scheduled'), gte(visits.scheduledDate, today)))
      .orderBy(asc(visits.scheduledDate), sql`${visits.windowStart} asc nulls last`)
      .limit(1),
    db
      .selectDistinct({ month: sql<string>`to_char(${visits.scheduledDate}, 'YYYY-MM')` })
      .from(visits)
      .where(history)
      .orderBy(desc(sql`to_char(${visits.scheduledDate}, 'YYYY-MM')`)),
    db.select({ total: count() }).from(visits).where(filtered),
    loadPortalVisits(
      db,
      filtered,
      [desc(visits.scheduledDate), sql`${visits.windowStart} desc nulls first`, desc(visits.id)],
      VISIT_HISTORY_PAGE_SIZE,
      (page - 1) * VISIT_HISTORY_PAGE_SIZE,
    ),
  ]);
  const total = counted[0]?.total ?? 0;
  return {
    nextVisit: next
      ? {
          scheduledDate: next.date,
          window: next.windowStart && next.windowEnd ? { from: hhmm(next.windowStart)!, to: hhmm(next.windowEnd)! } : null,
        }
      : null,
    months: months.map((row) => row.month),
    visits: list,
    page,
    pageCount: Math.max(1, Math.ceil(total / VISIT_HISTORY_PAGE_SIZE)),
    total,
  };
}

/** GET /api/visits/{id}: one visit of the history, with its property's owner for the caller's policy check. */
export async function portalVisit(
  db: Executor,
  visitId: string,
  today = localToday(),
): Promise<{ customerId: string; visit: PortalVisit }> {
  const [found] = await loadPortalVisits(
    db,
    and(eq(visits.id, visitId), ne(visits.status, 'scheduled'), lte(visits.scheduledDate, today)),
    [],
  );
  if (!found) throw new NotFoundError();
  const { customerId } = await propertyOwner(db, found.propertyId);
  return { customerId, visit: found };
}
