import { and, count, eq, gte, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { QuoteRequest, QuoteRequestFilters } from '../../../shared/api/quote-requests';
import { STATS_WEEKS, type QuoteRequestStatus } from '../../../shared/constants';
import type { Db } from '../../db/database';
import { descNullsLast } from '../../db/order';
import { quoteRequestNotes, quoteRequests, users } from '../../db/schema';
import { likePattern } from '../../db/like';
import { countQuoteRequests } from './quote-request-counts';

/** The columns of a quote request as the inbox shows it. */
const columns = {
  id: quoteRequests.id,
  name: quoteRequests.name,
  email: quoteRequests.email,
  phone: quoteRequests.phone,
  service: quoteRequests.service,
  message: quoteRequests.message,
  submittedAt: quoteRequests.submittedAt,
  status: quoteRequests.status,
  propertySize: quoteRequests.propertySize,
  urgency: quoteRequests.urgency,
};

export type QuoteRequestRow = Omit<QuoteRequest, 'submittedAt'> & { submittedAt: Date };
export const toQuoteRequest = (row: QuoteRequestRow): QuoteRequest => ({ ...row, submittedAt: row.submittedAt.toISOString() });

/** A position in the newest-first list: the last row's time and id. */
export interface ListPosition {
  submittedAt: Date;
  id: string;
}

function whereFor(filters: QuoteRequestFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(quoteRequests.status, filters.status));
  else if (filters.includeSpam !== 'true') conditions.push(ne(quoteRequests.status, 'spam'));
  if (filters.service) conditions.push(eq(quoteRequests.service, filters.service));
  if (filters.q) {
    const pattern = likePattern(filters.q);
    conditions.push(or(ilike(quoteRequests.name, pattern), ilike(quoteRequests.email, pattern), ilike(quoteRequests.phone, pattern))!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** Up to `limit` rows after `after`, newest first (a keyset read on the inbox's index). */
export async function findQuoteRequests(db: Db, filters: QuoteRequestFilters, limit: number, after?: ListPosition | null) {
  const where = whereFor(filters);
  const pageWhere = after
    ? and(
        where,
        sql`(${quoteRequests.submittedAt}, ${quoteRequests.id}) < (${after.submittedAt.toISOString()}::timestamptz, ${after.id}::uuid)`,
      )
    : where;
  return (await db
    .select(columns)
    .from(quoteRequests)
    .where(pageWhere)
    .orderBy(descNullsLast(quoteRequests.submittedAt), descNullsLast(quoteRequests.id))
    .limit(limit)) as QuoteRequestRow[];
}

/**
 * How many quote requests match: from the trigger-kept totals for status/service filters
 * (exact, and cheap at a million rows); a search counts its matches, which it scans anyway.
 */
export async function countMatching(db: Db, filters: QuoteRequestFilters): Promise<number> {
  if (filters.q) {
    const [row] = await db.select({ n: count() }).from(quoteRequests).where(whereFor(filters));
    return row!.n;
  }
  return countQuoteRequests(db, { ...filters, includeSpam: filters.includeSpam === 'true' });
}

/** Quote requests per week (weeks start on Monday, Central time) and status, for the last STATS_WEEKS weeks. */
export async function countByWeekAndStatus(db: Db) {
  const week = sql<string>`to_char(date_trunc('week', ${quoteRequests.submittedAt} at time zone 'America/Chicago'), 'YYYY-MM-DD')`;
  const since = sql`(date_trunc('week', now() at time zone 'America/Chicago') - ${`${STATS_WEEKS - 1} weeks`}::interval) at time zone 'America/Chicago'`;
  return db
    .select({ week, status: quoteRequests.status, n: count() })
    .from(quoteRequests)
    .where(gte(quoteRequests.submittedAt, since))
    .groupBy(week, quoteRequests.status);
}

export async function countWithStatus(db: Db, status: QuoteRequestStatus): Promise<number> {
  const [row] = await db.select({ n: count() }).from(quoteRequests).where(eq(quoteRequests.status, status));
  return row!.n;
}

export async function setStatus(db: Db, id: string, status: QuoteRequestStatus): Promise<QuoteRequestRow | null> {
  const [row] = await db
    .update(quoteRequests)
    .set({ status, isSpam: status === 'spam' })
    .where(eq(quoteRequests.id, id))
    .returning(columns);
  return (row as QuoteRequestRow | undefined) ?? null;
}

export async function quoteRequestExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: quoteRequests.id }).from(quoteRequests).where(eq(quoteRequests.id, id)).limit(1);
  return Boolean(row);
}

/** The notes of several quote requests, oldest first, with their authors' names (for the CSV export). */
export async function findNotesOf(db: Db, quoteRequestIds: string[]) {
  if (quoteRequestIds.length === 0) return [];
  return db
    .select({
      quoteRequestId: quoteRequestNotes.quoteRequestId,
      body: quoteRequestNotes.body,
      createdAt: quoteRequestNotes.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(quoteRequestNotes)
    .leftJoin(users, eq(users.id, quoteRequestNotes.authorId))
    .where(inArray(quoteRequestNotes.quoteRequestId, quoteRequestIds))
    .orderBy(quoteRequestNotes.createdAt, quoteRequestNotes.id);
}

/** A quote request's notes, oldest first, with their authors' names. */
export async function findNotes(db: Db, quoteRequestId: string) {
  return db
    .select({
      id: quoteRequestNotes.id,
      body: quoteRequestNotes.body,
      createdAt: quoteRequestNotes.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(quoteRequestNotes)
    .leftJoin(users, eq(users.id, quoteRequestNotes.authorId))
    .where(eq(quoteRequestNotes.quoteRequestId, quoteRequestId))
    .orderBy(quoteRequestNotes.createdAt);
}

export async function insertNote(db: Db, note: { quoteRequestId: string; authorId: string; body: string }) {
  const [row] = await db.insert(quoteRequestNotes).values(note).returning();
  return row!;
}
