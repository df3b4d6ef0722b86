import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { localDateOf, localToday } from '../../../shared/local-dates';
import { reportRange } from '../../../shared/report-months';
import {
  COMPANY_TIME_ZONE,
  type CheckInLocationStatus,
  type SiteIssueType,
  type SkipReason,
  type VisitStatus,
} from '../../../shared/visits';
import type { Executor } from '../../db/executor';
import { customers, photos, properties, siteIssues, users, visitChecklistItems, visits } from '../../db/schema';
import { NotFoundError } from '../../errors';

/** Whose report: one property, or every property of a customer. */
export type ReportScope = { propertyId: string } | { customerId: string };

export interface ReportProperty {
  id: string;
  name: string;
  address: string;
}

export interface ReportPhoto {
  id: string;
  storageKey: string;
  /** Widths of its stored WebP variants, ascending. */
  variantWidths: number[];
}

export interface ReportVisit {
  id: string;
  /** The local date it is on. */
  date: string;
  property: ReportProperty;
  /** Its local window ("06:00" to "10:00"), null for an anytime visit. */
  window: { from: string; to: string } | null;
  status: VisitStatus;
  skipReason: SkipReason | null;
  skipNote: string | null;
  checkedInAt: Date | null;
  checkedOutAt: Date | null;
  /** Whether the check-in was within the fence: shown as "Verified on site". Coordinates never leave the server. */
  verifiedOnSite: boolean;
  /** Completed and on time (see `isOnTime`). */
  onTime: boolean;
  /** The crew's first names, as customers see them. */
  crew: string[];
  checklist: Array<{ label: string; done: boolean }>;
  siteIssues: Array<{ type: SiteIssueType; note: string }>;
  photos: { before: ReportPhoto[]; after: ReportPhoto[]; issues: ReportPhoto[] };
}

export interface ReportSummary {
  /** Every visit dated in the report's range, whatever became of it. */
  planned: number;
  completed: number;
  skipped: number;
  missed: number;
  /** Scheduled or in progress: only today's visits, in the current month's report (the missed-visit job closes older ones). */
  open: number;
  /** Completed visits that were on time. */
  onTime: number;
  /** onTime / completed, 0 to 1; null without a completed visit. */
  onTimeRate: number | null;
  siteIssues: number;
}

export interface MonthlyReport {
  month: string;
  /** The local dates covered: the month, or its first day to today for the current month (`toDate`). */
  range: { from: string; to: string; toDate: boolean };
  customer: { id: string; name: string };
  /** The one property of a property's report; null for a customer's. */
  property: ReportProperty | null;
  /** The properties covered, by name. */
  properties: ReportProperty[];
  summary: ReportSummary;
  /** Oldest first, each day's visits in window order, then by property. */
  visits: ReportVisit[];
}

const localTime = new Intl.DateTimeFormat('en-GB', { timeZone: COMPANY_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * On time: the crew checked in on the visit's own day and, for a visit with a window, within it
 * (from its start to its end, to the minute); an anytime visit only needs its day. A completed visit
 * with no check-in time recorded is not counted on time: there is nothing to show for it.
 */
export function isOnTime(visit: { status: string; date: string; window: { from: string; to: string } | null; checkedInAt: Date | null }) {
  if (visit.status !== 'completed' || !visit.checkedInAt) return false;
  if (localDateOf(visit.checkedInAt) !== visit.date) return false;
  if (!visit.window) return true;
  const arrived = localTime.format(visit.checkedInAt);
  return arrived >= visit.window.from && arrived <= visit.window.to;
}

/** The first name a customer sees for a crew member (never the last name or e-mail). */
const firstNameOf = (user: { firstName: string | null }) => user.firstName?.trim().split(/\s+/)[0] || 'Crew member';

const addressOf = (row: { address: string; city: string; state: string; zipCode: string }) =>
  `${row.address}, ${row.city}, ${row.state} ${row.zipCode}`;

async function scopeOf(
  db: Executor,
  scope: ReportScope,
): Promise<{ customer: MonthlyReport['customer']; properties: ReportProperty[]; one: boolean }> {
  if ('propertyId' in scope) {
    const [row] = await db
      .select({ property: properties, customerName: customers.name })
      .from(properties)
      .innerJoin(customers, eq(customers.id, properties.customerId))
      .where(eq(properties.id, scope.propertyId));
    if (!row) throw new NotFoundError();
    return {
      customer: { id: row.property.customerId, name: row.customerName },
      properties: [{ id: row.property.id, name: row.property.name, address: addressOf(row.property) }],
      one: true,
    };
  }
  const [customer] = await db.select({ id: customers.id, name: customers.name }).from(customers).where(eq(customers.id, scope.customerId));
  if (!customer) throw new NotFoundError();
  const rows = await db.select().from(properties).where(eq(properties.customerId, customer.id)).orderBy(asc(properties.name));
  return { customer, properties: rows.map((row) => ({ id: row.id, name: row.name, address: addressOf(row) })), one: false };
}

/**
 * What a month's service report holds, read from the visits of a property or of all a customer's
 * properties dated in the month (to today for the current month). NotFoundError for an unknown
 * property or customer; the caller checks who may see it against `customer.id`.
 */
export async function monthlyReportData(
  db: Executor,
  scope: ReportScope,
  month: string,
  today: string = localToday(),
): Promise<MonthlyReport> {
  const { customer, properties: covered, one } = await scopeOf(db, scope);
  const range = reportRange(month, today);
  const byId = new Map(covered.map((property) => [property.id, property]));
  const rows = covered.length
    ? await db
        .select()
        .from(visits)
        .where(
          and(
            inArray(
              visits.propertyId,
              covered.map((property) => property.id),
            ),
            gte(visits.scheduledDate, range.from),
            lte(visits.scheduledDate, range.to),
          ),
        )
    : [];
  const ids = rows.map((row) => row.id);
  const [checklist, issues, visitPhotos] = ids.length
    ? await Promise.all([
        db.select().from(visitChecklistItems).where(inArray(visitChecklistItems.visitId, ids)).orderBy(asc(visitChecklistItems.position)),
        db.select().from(siteIssues).where(inArray(siteIssues.visitId, ids)).orderBy(asc(siteIssues.reportedAt)),
        db.select().from(photos).where(inArray(photos.visitId, ids)).orderBy(asc(photos.takenAt), asc(photos.uploadDate), asc(photos.id)),
      ])
    : [[], [], []];
  const crewIds = [...new Set(rows.flatMap((row) => row.crewUserIds))];
  const crew = crewIds.length
    ? new Map(
        (await db.select({ id: users.id, firstName: users.firstName }).from(users).where(inArray(users.id, crewIds))).map((user) => [
          user.id,
          firstNameOf(user),
        ]),
      )
    : new Map<string, string>();

  const reportVisits: ReportVisit[] = rows.map((row) => {
    const window = row.windowStart && row.windowEnd ? { from: row.windowStart.slice(0, 5), to: row.windowEnd.slice(0, 5) } : null;
    const ofVisit = visitPhotos.filter((photo) => photo.visitId === row.id);
    const photo = (p: (typeof ofVisit)[number]): ReportPhoto => ({ id: p.id, storageKey: p.storageKey, variantWidths: p.variantWidths });
    return {
      id: row.id,
      date: row.scheduledDate,
      property: byId.get(row.propertyId)!,
      window,
      status: row.status,
      skipReason: row.skipReason,
      skipNote: row.skipNote,
      checkedInAt: row.checkedInAt,
      checkedOutAt: row.checkedOutAt,
      verifiedOnSite: row.checkInLocationStatus === ('verified' satisfies CheckInLocationStatus),
      onTime: isOnTime({ status: row.status, date: row.scheduledDate, window, checkedInAt: row.checkedInAt }),
      crew: [...new Set(row.crewUserIds.map((id) => crew.get(id)).filter((name): name is string => !!name))],
      checklist: checklist.filter((item) => item.visitId === row.id).map((item) => ({ label: item.label, done: item.doneAt !== null })),
      siteIssues: issues.filter((issue) => issue.visitId === row.id).map((issue) => ({ type: issue.issueType, note: issue.note })),
      photos: {
        before: ofVisit.filter((p) => !p.siteIssueId && p.photoType === 'before').map(photo),
        after: ofVisit.filter((p) => !p.siteIssueId && p.photoType === 'after').map(photo),
        issues: ofVisit.filter((p) => p.siteIssueId || (p.photoType !== 'before' && p.photoType !== 'after')).map(photo),
      },
    };
  });
  reportVisits.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (a.window?.from ?? '99').localeCompare(b.window?.from ?? '99') ||
      a.property.name.localeCompare(b.property.name) ||
      a.id.localeCompare(b.id),
  );

  const count = (status: VisitStatus) => reportVisits.filter((visit) => visit.status === status).length;
  const completed = count('completed');
  const onTime = reportVisits.filter((visit) => visit.onTime).length;
  return {
    month,
    range,
    customer,
    property: one ? covered[0]! : null,
    properties: covered,
    summary: {
      planned: reportVisits.length,
      completed,
      skipped: count('skipped'),
      missed: count('missed'),
      open: count('scheduled') + count('in_progress'),
      onTime,
      onTimeRate: completed ? onTime / completed : null,
      siteIssues: issues.length,
    },
    visits: reportVisits,
  };
}
