import { and, count, eq, gte, ilike, inArray, min, ne, sql, type SQL } from 'drizzle-orm';
import { STATUS_FILTER_ALL, type QuoteRequest, type QuoteRequestFilters } from '../../../shared/api/quote-requests';
import { SEARCH_COUNT_CAP, STATS_WEEKS, type QuoteRequestStatus } from '../../../shared/constants';
import type { Executor } from '../../db/executor';
import { descNullsLast } from '../../db/order';
import { QUOTE_REQUEST_SEARCH_TEXT, quoteRequestNotes, quoteRequests, users } from '../../db/schema';
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
  urgent: quoteRequests.urgent,
  pinned: quoteRequests.pinned,
  customerId: quoteRequests.customerId,
  // A subquery rather than a join, so that UPDATE … RETURNING can name it too.
  customerName: sql<string | null>`(select "customers"."name" from "customers" where "customers"."id" = "quote_requests"."customer_id")`,
  customerIsProspect: sql<
    boolean | null
  >`(select "customers"."prospect" from "customers" where "customers"."id" = "quote_requests"."customer_id")`,
  // Each estimate once, by its first version (every number has one): on the estimates' quote-request index, no sort.
  estimateCount: sql<number>`(select count(*)::int from "estimates" where "estimates"."quote_request_id" = "quote_requests"."id" and "estimates"."version" = 1)`,
};

export type QuoteRequestRow = Omit<QuoteRequest, 'submittedAt' | 'customer'> & {
  submittedAt: Date;
  pinned: boolean;
  customerId: string | null;
  customerName: string | null;
  customerIsProspect: boolean | null;
};
export const toQuoteRequest = ({
  pinned: _pinned,
  customerId,
  customerName,
  customerIsProspect,
  ...row
}: QuoteRequestRow): QuoteRequest => ({
  ...row,
  submittedAt: row.submittedAt.toISOString(),
  customer: customerId ? { id: customerId, name: customerName ?? '', prospect: customerIsProspect ?? false } : null,
});

/** One quote request, or null. */
export async function findQuoteRequest(db: Executor, id: string): Promise<QuoteRequestRow | null> {
  const [row] = await db.select(columns).from(quoteRequests).where(eq(quoteRequests.id, id)).limit(1);
  return (row as QuoteRequestRow | undefined) ?? null;
}

/** A position in the inbox's order (pinned first, then newest first): the last row's pinned flag, time and id. */
export interface ListPosition {
  pinned: boolean;
  submittedAt: Date;
  id: string;
}

/** The filters as the repository applies them: `overdueBefore` is the service's cut-off for `overdue=true`. */
export type ListFilter = Omit<QuoteRequestFilters, 'overdue'> & { overdueBefore?: Date };

/** A search: the lowered text anywhere in name, e-mail, phone or message, on the trigram index over that same expression. */
// No lower-casing here: ILIKE folds case itself, and the same way on both sides, where JavaScript and a
// database in the C locale (PGlite) would disagree on letters such as "Ⓐ".
const searchCondition = (q: string) => ilike(QUOTE_REQUEST_SEARCH_TEXT, likePattern(q));

/** New and submitted before the cut-off: on the partial index of new requests by time. */
const overdueCondition = (before: Date) =>
  and(eq(quoteRequests.status, 'new'), sql`${quoteRequests.submittedAt} < ${before.toISOString()}::timestamptz`)!;

function whereFor(filters: ListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  const base = baseWhere(filters);
  if (base) conditions.push(base);
  if (filters.q) conditions.push(searchCondition(filters.q));
  return conditions.length ? and(...conditions) : undefined;
}

/** The filters other than the search: status, service, overdue. */
function baseWhere(filters: ListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.status && filters.status !== STATUS_FILTER_ALL) conditions.push(eq(quoteRequests.status, filters.status));
  else if (!filters.status) conditions.push(ne(quoteRequests.status, 'spam'));
  if (filters.service) conditions.push(eq(quoteRequests.service, filters.service));
  if (filters.overdueBefore) conditions.push(overdueCondition(filters.overdueBefore));
  return conditions.length ? and(...conditions) : undefined;
}

/** Rows after `after` in the inbox's order. */
const afterPosition = (after: ListPosition) =>
  sql`(${quoteRequests.pinned}, ${quoteRequests.submittedAt}, ${quoteRequests.id}) < (${after.pinned}::boolean, ${after.submittedAt.toISOString()}::timestamptz, ${after.id}::uuid)`;

const inboxOrder = [descNullsLast(quoteRequests.pinned), descNullsLast(quoteRequests.submittedAt), descNullsLast(quoteRequests.id)];

/**
 * The query for up to `limit` rows after `after`, in the inbox's order: urgent new requests
 * first, then newest first. A keyset read on quote_requests_list_idx (or the status one); a
 * search reads the trigram index.
 */
export function quoteRequestsQuery(db: Executor, filters: ListFilter, limit: number, after?: ListPosition | null) {
  const where = whereFor(filters);
  return db
    .select(columns)
    .from(quoteRequests)
    .where(after ? and(where, afterPosition(after)) : where)
    .orderBy(...inboxOrder)
    .limit(limit);
}

/**
 * A search first looks among the next requests in the inbox's order, 40 per row wanted (at least
 * 2,000): a walk of the list index that stops as soon as the page is full, which a word in one
 * request in forty or more does. Reading all the matches of such a word through the trigram index
 * and sorting them cost half a second at a million requests.
 */
export const searchWindow = (limit: number) => Math.max(2000, limit * 40);

export function recentMatchesQuery(db: Executor, filters: ListFilter & { q: string }, limit: number, after?: ListPosition | null) {
  const base = baseWhere(filters);
  const recent = db
    .select({
      id: quoteRequests.id,
      pinned: quoteRequests.pinned,
      submittedAt: quoteRequests.submittedAt,
      text: sql<string>`${QUOTE_REQUEST_SEARCH_TEXT}`.as('search_text'),
    })
    .from(quoteRequests)
    .where(after ? and(base, afterPosition(after)) : base)
    .orderBy(...inboxOrder)
    .limit(searchWindow(limit))
    .as('recent');
  // Ordered by the window's own columns, so PostgreSQL keeps the index's order and stops early.
  return db
    .select(columns)
    .from(recent)
    .innerJoin(quoteRequests, eq(quoteRequests.id, recent.id))
    .where(ilike(recent.text, likePattern(filters.q)))
    .orderBy(sql`${recent.pinned} desc nulls last`, sql`${recent.submittedAt} desc nulls last`, sql`${recent.id} desc nulls last`)
    .limit(limit);
}

export async function findQuoteRequests(db: Executor, filters: ListFilter, limit: number, after?: ListPosition | null) {
  if (filters.q) {
    // A full page among the recent requests is the answer; fewer means a rarer word, which the trigram index finds at once.
    const recent = (await recentMatchesQuery(db, { ...filters, q: filters.q }, limit, after)) as QuoteRequestRow[];
    if (recent.length === limit) return recent;
  }
  return (await quoteRequestsQuery(db, filters, limit, after)) as QuoteRequestRow[];
}

/**
 * The query that counts a search's matches, up to `cap` + 1: it reads the trigram index, then
 * checks matches only until it has found more than the cap, so a common word stays cheap.
 */
export const countQuery = (db: Executor, filters: ListFilter, cap = SEARCH_COUNT_CAP) => {
  const matches = db
    .select({ one: sql`1` })
    .from(quoteRequests)
    .where(whereFor(filters))
    .limit(cap + 1)
    .as('matches');
  return db.select({ n: count() }).from(matches);
};

/** Whether counting this filter reads the matching rows (a search, the overdue filter) rather than the kept totals. */
export const countReadsRows = (filters: ListFilter) => Boolean(filters.q || filters.overdueBefore);

/**
 * How many quote requests match. From the trigger-kept totals for status/service filters (exact,
 * and cheap at a million rows). A search, or the overdue filter, counts its matches up to
 * SEARCH_COUNT_CAP; past it, `capped` says the number is a floor.
 */
export async function countMatching(db: Executor, filters: ListFilter): Promise<{ total: number; capped: boolean }> {
  if (countReadsRows(filters)) {
    const [row] = await countQuery(db, filters);
    return row!.n > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, capped: true } : { total: row!.n, capped: false };
  }
  const all = filters.status === STATUS_FILTER_ALL;
  const total = await countQuoteRequests(db, { status: all ? undefined : filters.status, service: filters.service, includeSpam: all });
  return { total, capped: false };
}

/** Quote requests per week (weeks start on Monday, Central time) and status, for the last STATS_WEEKS weeks. */
export async function countByWeekAndStatus(db: Executor) {
  const week = sql<string>`to_char(date_trunc('week', ${quoteRequests.submittedAt} at time zone 'America/Chicago'), 'YYYY-MM-DD')`;
  const since = sql`(date_trunc('week', now() at time zone 'America/Chicago') - ${`${STATS_WEEKS - 1} weeks`}::interval) at time zone 'America/Chicago'`;
  return db
    .select({ week, status: quoteRequests.status, n: count() })
    .from(quoteRequests)
    .where(gte(quoteRequests.submittedAt, since))
    .groupBy(week, quoteRequests.status);
}

export async function countWithStatus(db: Executor, status: QuoteRequestStatus): Promise<number> {
  const [row] = await db.select({ n: count() }).from(quoteRequests).where(eq(quoteRequests.status, status));
  return row!.n;
}

/** Urgent requests still new (the pinned ones), on the list index whose first column is `pinned`. */
export async function countPinned(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(quoteRequests).where(eq(quoteRequests.pinned, true));
  return row!.n;
}

/** New requests that arrived before `before`: how many, and when the oldest did. */
export async function overdueSummary(db: Executor, before: Date): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ n: count(), oldest: min(quoteRequests.submittedAt) })
    .from(quoteRequests)
    .where(overdueCondition(before));
  return { count: row!.n, oldest: row!.oldest ?? null };
}

export async function setStatus(db: Executor, id: string, status: QuoteRequestStatus): Promise<QuoteRequestRow | null> {
  const [row] = await db
    .update(quoteRequests)
    .set({ status, isSpam: status === 'spam' })
    .where(eq(quoteRequests.id, id))
    .returning(columns);
  return (row as QuoteRequestRow | undefined) ?? null;
}

/**
 * An accepted estimate's quote request: won, and linked to the customer it made (a request already
 * linked to a customer keeps that link). Run in the acceptance's transaction.
 */
export async function markQuoteRequestWon(db: Executor, id: string, customerId: string): Promise<void> {
  await db
    .update(quoteRequests)
    .set({ status: 'won', isSpam: false, customerId: sql`coalesce(${quoteRequests.customerId}, ${customerId}::uuid)` })
    .where(eq(quoteRequests.id, id));
}

export async function quoteRequestExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: quoteRequests.id }).from(quoteRequests).where(eq(quoteRequests.id, id)).limit(1);
  return Boolean(row);
}

/** A note's text and time, with its author's names (joined on the author). */
const noteColumns = {
  body: quoteRequestNotes.body,
  createdAt: quoteRequestNotes.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

/** The notes of several quote requests, oldest first, with their authors' names (for the CSV export). */
export async function findNotesOf(db: Executor, quoteRequestIds: string[]) {
  if (quoteRequestIds.length === 0) return [];
  return db
    .select({ quoteRequestId: quoteRequestNotes.quoteRequestId, ...noteColumns })
    .from(quoteRequestNotes)
    .leftJoin(users, eq(users.id, quoteRequestNotes.authorId))
    .where(inArray(quoteRequestNotes.quoteRequestId, quoteRequestIds))
    .orderBy(quoteRequestNotes.createdAt, quoteRequestNotes.id);
}

/** A quote request's notes, oldest first, with their authors' names. */
export async function findNotes(db: Executor, quoteRequestId: string) {
  return db
    .select({ id: quoteRequestNotes.id, ...noteColumns })
    .from(quoteRequestNotes)
    .leftJoin(users, eq(users.id, quoteRequestNotes.authorId))
    .where(eq(quoteRequestNotes.quoteRequestId, quoteRequestId))
    .orderBy(quoteRequestNotes.createdAt);
}

export async function insertNote(db: Executor, note: { quoteRequestId: string; authorId: string; body: string }) {
  const [row] = await db.insert(quoteRequestNotes).values(note).returning();
  return row!;
}
