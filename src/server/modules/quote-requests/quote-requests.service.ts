import type { InboxStats, QuoteRequestFilters, QuoteRequestListQuery, QuoteRequestNote } from '../../../shared/api/quote-requests';
import { QUOTE_REQUEST_PAGE_DEFAULT, QUOTE_REQUEST_STATUSES, STATS_WEEKS, type QuoteRequestStatus } from '../../../shared/constants';
import { CONSENT_LABEL, type QuoteRequestInput } from '../../../shared/quote-request-schema';
import type { Executor } from '../../db/executor';
import { NotFoundError, RequestError } from '../../errors';
import { isUuid } from '../../uuid';
import {
  countByWeekAndStatus,
  countMatching,
  countPinned,
  countReadsRows,
  countWithStatus,
  findNotes,
  findNotesOf,
  findQuoteRequest,
  findQuoteRequests,
  insertNote,
  overdueSummary,
  quoteRequestExists,
  setStatus,
  toQuoteRequest,
  type ListFilter,
  type ListPosition,
  type QuoteRequestRow,
} from './quote-requests.repository';
import type { QuoteRequestWriter } from './quote-request-writer';
import { waitingServiceRequests } from '../service-requests';
import { centralTimeWithOffset, csvCell } from '../../csv';
import { fullName, type NameParts } from '../../../shared/display-name';
import { addDays, localToday, weekStartOf } from '../../../shared/local-dates';

/** A cursor is the last row's position in the list's order: pinned (1 or 0), time and id. */
export const encodeCursor = (row: ListPosition) =>
  Buffer.from(`${row.pinned ? 1 : 0}|${row.submittedAt.toISOString()}|${row.id}`).toString('base64url');

/** A cursor is one we made: pinned, a row's time and id. A time outside years 1-9999 is not, and PostgreSQL would refuse it. */
export function decodeCursor(cursor: string): ListPosition | null {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (parts.length !== 3) return null;
  const [pinned, time, id] = parts as [string, string, string];
  const submittedAt = new Date(time);
  if ((pinned !== '0' && pinned !== '1') || !isUuid(id) || Number.isNaN(submittedAt.getTime())) return null;
  const year = submittedAt.getUTCFullYear();
  return year >= 1 && year <= 9999 ? { pinned: pinned === '1', submittedAt, id } : null;
}

/** How the inbox's rules are set: the promised callback time (CALLBACK_PROMISE_HOURS). */
export interface InboxRules {
  callbackPromiseHours: number;
}

/** New requests that arrived before this moment have waited past the promised callback. */
const overdueCutoff = (rules: InboxRules, now = Date.now()) => new Date(now - rules.callbackPromiseHours * 3_600_000);

/** The filters as the repository reads them: `overdue=true` becomes a cut-off time, taken once per request. */
const listFilter = (filters: QuoteRequestFilters, rules: InboxRules): ListFilter => {
  const { overdue, ...rest } = filters;
  return overdue === 'true' ? { ...rest, overdueBefore: overdueCutoff(rules) } : rest;
};

/**
 * One page of the inbox (urgent new requests first, then newest first), with the filter's total
 * (exact, or for a search past SEARCH_COUNT_CAP a floor, `capped`) and the next page's cursor.
 */
export async function listQuoteRequests(db: Executor, query: QuoteRequestListQuery, rules: InboxRules) {
  const limit = query.limit ?? QUOTE_REQUEST_PAGE_DEFAULT;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && !after) throw new RequestError(400, 'The cursor is not valid', { cursor: 'The cursor is not valid' });
  const filter = listFilter(query, rules);
  let rows: QuoteRequestRow[];
  let counted: { total: number; capped: boolean };
  if (countReadsRows(filter)) {
    // A search's count reads its matches; when the first page already holds them all, it is that page's length.
    rows = await findQuoteRequests(db, filter, limit + 1, after);
    counted = !after && rows.length <= limit ? { total: rows.length, capped: false } : await countMatching(db, filter);
  } else {
    [rows, counted] = await Promise.all([findQuoteRequests(db, filter, limit + 1, after), countMatching(db, filter)]);
  }
  const page = rows.slice(0, limit);
  return { rows: page.map(toQuoteRequest), ...counted, nextCursor: rows.length > limit ? encodeCursor(page.at(-1)!) : null };
}

const EXPORT_PAGE_ROWS = 1000;
const EXPORT_HEADER = ['Submitted', 'Status', 'Name', 'Email', 'Phone', 'Service', 'Property size', 'Urgency', 'Message', 'Notes'];

/**
 * The filtered list as CSV for a spreadsheet, in the inbox's order, streamed a thousand rows at a
 * time (keyset pages, so memory stays flat however many match): times in Central time with
 * their offset, the status, and each request's notes in one cell, oldest first. A BOM leads,
 * so Excel reads it as UTF-8.
 */
export function exportQuoteRequestsCsv(
  db: Executor,
  query: QuoteRequestFilters,
  rules: InboxRules,
): { fileName: string; lines: AsyncIterable<string> } {
  const filters = listFilter(query, rules);
  async function* lines() {
    yield `\uFEFF${EXPORT_HEADER.map(csvCell).join(',')}\r\n`;
    let after: ListPosition | null = null;
    for (;;) {
      const rows = await findQuoteRequests(db, filters, EXPORT_PAGE_ROWS, after);
      if (rows.length === 0) return;
      const notes = new Map<string, string[]>();
      for (const note of await findNotesOf(
        db,
        rows.map((row) => row.id),
      )) {
        const line = `${centralTimeWithOffset(note.createdAt)} ${authorName(note) || 'Former staff member'}: ${note.body}`;
        notes.set(note.quoteRequestId, [...(notes.get(note.quoteRequestId) ?? []), line]);
      }
      let chunk = '';
      for (const row of rows) {
        const cells = [
          centralTimeWithOffset(row.submittedAt),
          row.status,
          row.name,
          row.email,
          row.phone,
          row.service,
          row.propertySize,
          row.urgency,
          row.message,
          (notes.get(row.id) ?? []).join('\n'),
        ];
        chunk += `${cells.map(csvCell).join(',')}\r\n`;
      }
      yield chunk;
      if (rows.length < EXPORT_PAGE_ROWS) return;
      after = rows.at(-1)!;
    }
  }
  return { fileName: `quote-requests-${localToday()}.csv`, lines: lines() };
}

/**
 * Requests per week for the last 12 weeks (weeks start on Monday, Central time), by status; the
 * new count, how many of them are urgent, and those waiting past the promised callback time; and
 * the customers' requests from the portal still waiting.
 */
export async function inboxStats(db: Executor, rules: InboxRules): Promise<InboxStats> {
  const [rows, newCount, urgentNewCount, overdue, customerRequests] = await Promise.all([
    countByWeekAndStatus(db),
    countWithStatus(db, 'new'),
    countPinned(db),
    overdueSummary(db, overdueCutoff(rules)),
    waitingServiceRequests(db),
  ]);
  const byWeek = new Map<string, Record<QuoteRequestStatus, number>>();
  const monday = weekStartOf(localToday());
  for (let i = STATS_WEEKS - 1; i >= 0; i--) {
    byWeek.set(
      addDays(monday, -7 * i),
      Object.fromEntries(QUOTE_REQUEST_STATUSES.map((status) => [status, 0])) as Record<QuoteRequestStatus, number>,
    );
  }
  for (const row of rows) {
    const counts = byWeek.get(row.week);
    if (counts) counts[row.status] += Number(row.n);
  }
  return {
    weeks: [...byWeek].map(([weekStart, counts]) => ({ weekStart, counts })),
    newCount,
    urgentNewCount,
    overdue: {
      promiseHours: rules.callbackPromiseHours,
      count: overdue.count,
      oldestSubmittedAt: overdue.oldest?.toISOString() ?? null,
    },
    customerRequests,
  };
}

/** One quote request as the inbox shows it; NotFoundError for an unknown id. */
export async function getQuoteRequest(db: Executor, id: string) {
  const row = await findQuoteRequest(db, id);
  if (!row) throw new NotFoundError();
  return toQuoteRequest(row);
}

export async function changeStatus(db: Executor, id: string, status: QuoteRequestStatus) {
  const row = await setStatus(db, id, status);
  if (!row) throw new NotFoundError();
  return toQuoteRequest(row);
}

const authorName = (person: NameParts & { email: string | null }) => fullName(person) || person.email;

export async function notesOf(db: Executor, quoteRequestId: string): Promise<QuoteRequestNote[]> {
  const rows = await findNotes(db, quoteRequestId);
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    author: authorName(row) || 'Former staff member',
  }));
}

export async function addNote(
  db: Executor,
  quoteRequestId: string,
  author: { id: string; firstName: string | null; lastName: string | null; email: string },
  body: string,
): Promise<QuoteRequestNote> {
  if (!(await quoteRequestExists(db, quoteRequestId))) throw new NotFoundError();
  const note = await insertNote(db, { quoteRequestId, authorId: author.id, body });
  return { id: note.id, body: note.body, createdAt: note.createdAt.toISOString(), author: authorName(author)! };
}

const USER_AGENT_MAX = 512;

/** Whether the hidden honeypot field was filled in: people never see it, bots tend to fill it. */
export function isHoneypotFilled(value: unknown): boolean {
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
}

/**
 * Stores a quote request from the landing page with its consent evidence (the exact
 * label, when, from where); spam is kept and marked, never dropped. Resolves once committed.
 */
export async function receiveQuoteRequest(
  writer: QuoteRequestWriter,
  quote: QuoteRequestInput,
  evidence: { isSpam: boolean; clientIp: string; userAgent: string | undefined },
) {
  const now = new Date();
  return writer.store({
    status: evidence.isSpam ? 'spam' : 'new',
    name: quote.name,
    email: quote.email,
    phone: quote.phone || null,
    service: quote.service,
    propertySize: quote.propertySize || null,
    urgency: quote.urgency || null,
    message: quote.message,
    consent: quote.consent,
    consentText: CONSENT_LABEL,
    consentedAt: now,
    clientIp: evidence.clientIp,
    userAgent: evidence.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    isSpam: evidence.isSpam,
    submittedAt: now,
  });
}
