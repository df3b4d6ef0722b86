import { and, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { inTransaction, type Executor } from '../../db/executor';
import { isUuid } from '../../uuid';
import { photos, properties, reportDigests, users, visits } from '../../db/schema';
import {
  type EmailMessage,
  enqueueEmail,
  footerFor,
  type InlineImage,
  invited,
  type MailContext,
  recipients,
  visitReportEmail,
  visitUrl,
  weeklySummaryEmail,
} from '../mail';
import { type PhotoStorage, variantKey } from '../photos';
import { loadPortalVisits, portalVisit } from '../visits';
import type { PortalVisit } from '../../../shared/api/visit-history';
import { addDays, localToday } from '../../../shared/local-dates';
import { REPORT_IMAGE_MAX_PX, REPORT_IMAGES_MAX_BYTES, WEEKLY_SUMMARY_HOUR, type ReportFrequency } from '../../../shared/reports';
import { COMPANY_TIME_ZONE } from '../../../shared/visits';

/**
 * Service reports for customers (issue 12), all through the outbox: a report after each
 * completed visit, an alert at once for a hazard or damage (visits/site-issue-alert.ts, sent in
 * the transaction that stores the issue), and a weekly summary on Monday morning, each to the customer's users who chose it under Account Settings. Every one carries
 * a one-click unsubscribe (RFC 8058) that changes only that choice.
 */

/** A completed visit is reported if it was checked out this recently: older ones (before reports existed, or a restore) are not. */
const REPORT_WITHIN_MS = 2 * 24 * 60 * 60 * 1000;
const CLAIM_BATCH = 20;

/**
 * The first before and after photos, at most REPORT_IMAGE_MAX_PX wide, as JPEG (which every mail
 * program shows), together under REPORT_IMAGES_MAX_BYTES: the quality steps down until they fit.
 */
export async function reportImages(
  db: Executor,
  storage: PhotoStorage,
  visit: PortalVisit,
): Promise<{ before?: InlineImage; after?: InlineImage }> {
  const chosen = { before: visit.photos.before[0], after: visit.photos.after[0] };
  const ids = [chosen.before?.id, chosen.after?.id].filter((id): id is string => Boolean(id));
  if (!ids.length) return {};
  const rows = await db.select().from(photos).where(inArray(photos.id, ids));
  const sources = new Map<string, Buffer>();
  for (const row of rows) {
    const width = [...row.variantWidths].sort((a, b) => a - b)[0]!;
    const data = await storage.get(variantKey(row.storageKey, width));
    if (data) sources.set(row.id, data);
  }
  for (const quality of [72, 60, 48, 36]) {
    const images: { before?: InlineImage; after?: InlineImage } = {};
    let total = 0;
    for (const kind of ['before', 'after'] as const) {
      const source = chosen[kind] && sources.get(chosen[kind].id);
      if (!source) continue;
      const data = await sharp(source)
        .resize({ width: REPORT_IMAGE_MAX_PX, height: REPORT_IMAGE_MAX_PX, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality, mozjpeg: true })
        .toBuffer();
      total += data.length;
      images[kind] = { contentId: `${kind}-${visit.id}@lakeshorelotcare`, filename: `${kind}.jpg`, contentType: 'image/jpeg', data };
    }
    if (total <= REPORT_IMAGES_MAX_BYTES) return images;
  }
  return {};
}

/**
 * Queues the report of every visit completed recently and not yet reported, to the users who
 * want one after every visit. The reports (their images above all) are made before any lock is
 * taken; then each visit is claimed in the transaction that queues its e-mails (`for update
 * skip locked`, and still unreported), so two instances never report a visit twice, a visit
 * another instance holds is left to it, and a failure leaves it to the next run. Each batch's
 * e-mails are sent once its transaction has committed. Answers how many visits it reported.
 */
export async function queueVisitReports(db: Executor, storage: PhotoStorage, mail: MailContext, now = new Date()): Promise<number> {
  const { appUrl } = mail;
  const since = new Date(now.getTime() - REPORT_WITHIN_MS).toISOString();
  let reported = 0;
  for (;;) {
    const due = await db
      .select({ id: visits.id })
      .from(visits)
      // A free property assessment is the company's own look at a prospect's lot: no service report.
      .where(
        sql`${visits.status} = 'completed' and ${visits.kind} = 'service' and ${visits.reportQueuedAt} is null and ${visits.checkedOutAt} > ${since}::timestamptz`,
      )
      .orderBy(visits.checkedOutAt)
      .limit(CLAIM_BATCH);
    if (!due.length) return reported;
    const messages = new Map<string, EmailMessage[]>();
    for (const { id } of due) {
      const { customerId, visit } = await portalVisit(db, id, localToday(now));
      const to = await recipients(db, customerId, ['every_visit']);
      const images = to.length ? await reportImages(db, storage, visit) : {};
      messages.set(
        id,
        to.map((person) =>
          visitReportEmail({ to: person.email, visit, images, visitUrl: visitUrl(appUrl, visit), footer: footerFor(appUrl, person.token) }),
        ),
      );
    }
    const claimed = await inTransaction(db, async (tx) => {
      const rows = await tx
        .update(visits)
        .set({ reportQueuedAt: sql`now()` })
        .where(
          inArray(
            visits.id,
            sql`(select id from ${visits} where ${inArray(visits.id, [...messages.keys()])} and ${visits.reportQueuedAt} is null for update skip locked)`,
          ),
        )
        .returning({ id: visits.id });
      for (const { id } of rows) for (const message of messages.get(id) ?? []) await enqueueEmail(tx, message);
      return rows.length;
    });
    if (claimed > 0) mail.queued();
    reported += claimed;
    // A short batch was the last; one whose visits another instance holds is left to it.
    if (due.length < CLAIM_BATCH || claimed === 0) return reported;
  }
}

const chicagoParts = new Intl.DateTimeFormat('en-US', { timeZone: COMPANY_TIME_ZONE, weekday: 'short', hour: 'numeric', hourCycle: 'h23' });

/**
 * On Monday from WEEKLY_SUMMARY_HOUR (America/Chicago), the summary of last week (Monday to
 * Sunday) to each user who chose it, once per user and week (report_digests), sent once queued.
 * Answers how many summaries it queued.
 */
export async function queueWeeklySummaries(db: Executor, mail: MailContext, now = new Date()): Promise<number> {
  const { appUrl } = mail;
  const parts = Object.fromEntries(chicagoParts.formatToParts(now).map((part) => [part.type, part.value]));
  if (parts.weekday !== 'Mon' || Number(parts.hour) < WEEKLY_SUMMARY_HOUR) return 0;
  const today = localToday(now);
  const weekStart = addDays(today, -7);
  const weekEnd = addDays(today, -1);
  const readers = await db
    .select({ id: users.id, email: users.email, token: users.unsubscribeToken, customerId: users.customerId })
    .from(users)
    .where(and(eq(users.role, 'customer'), eq(users.reportFrequency, 'weekly'), invited));
  let queued = 0;
  for (const reader of readers) {
    if (!reader.customerId) continue;
    const customerId = reader.customerId;
    queued += await inTransaction(db, async (tx) => {
      const claimed = await tx.insert(reportDigests).values({ userId: reader.id, weekStart }).onConflictDoNothing().returning();
      if (!claimed.length) return 0;
      const week = await loadPortalVisits(
        tx,
        and(
          eq(properties.customerId, customerId),
          ne(visits.status, 'scheduled'),
          gte(visits.scheduledDate, weekStart),
          lte(visits.scheduledDate, weekEnd),
        ),
        [sql`${visits.scheduledDate} asc`, sql`${properties.name} asc`],
      );
      const footer = footerFor(appUrl, reader.token);
      const message = weeklySummaryEmail({
        to: reader.email,
        weekStart,
        weekEnd,
        visits: week.map((visit) => ({ ...visit, url: visitUrl(appUrl, visit) })),
        portalUrl: new URL('/customer-dashboard', appUrl).href,
        footer,
      });
      await enqueueEmail(tx, message);
      return 1;
    });
  }
  if (queued > 0) mail.queued();
  return queued;
}

/** One-click unsubscribe (RFC 8058) and the page's button: the token's user stops receiving reports. Nothing else changes. */
export async function unsubscribeFromReports(db: Executor, token: string): Promise<{ email: string } | null> {
  // Checked as a UUID before it reaches the uuid column: anything else would be a database error (a 500).
  if (!isUuid(token)) return null;
  const [row] = await db
    .update(users)
    .set({ reportFrequency: 'none' })
    .where(eq(users.unsubscribeToken, token))
    .returning({ email: users.email });
  return row ?? null;
}

/** A customer's user's choice of report e-mails (Account Settings). */
export async function reportFrequencyOf(db: Executor, userId: string): Promise<ReportFrequency> {
  const [row] = await db.select({ frequency: users.reportFrequency }).from(users).where(eq(users.id, userId));
  return row?.frequency ?? 'none';
}

export async function setReportFrequency(db: Executor, userId: string, frequency: ReportFrequency): Promise<ReportFrequency> {
  await db.update(users).set({ reportFrequency: frequency }).where(eq(users.id, userId));
  return frequency;
}
