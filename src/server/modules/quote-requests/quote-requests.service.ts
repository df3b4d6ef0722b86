import type { InboxStats, QuoteRequestFilters, QuoteRequestListQuery, QuoteRequestNote } from '../../../shared/api/quote-requests';
import { QUOTE_REQUEST_PAGE_DEFAULT, QUOTE_REQUEST_STATUSES, STATS_WEEKS, type QuoteRequestStatus } from '../../../shared/constants';
import { CONSENT_LABEL, type QuoteRequestInput } from '../../../shared/quote-request-schema';
import type { Db } from '../../db/database';
import { NotFoundError, RequestError } from '../../errors';
import { isUuid } from '../../uuid';
import {
  countByWeekAndStatus,
  countMatching,
  countWithStatus,
  findNotes,
  findQuoteRequests,
  insertNote,
  quoteRequestExists,
  setStatus,
  toQuoteRequest,
  type ListPosition,
} from './quote-requests.repository';
import type { QuoteRequestWriter } from './quote-request-writer';

const EXPORT_MAX_ROWS = 50_000;

const encodeCursor = (row: ListPosition) => Buffer.from(`${row.submittedAt.toISOString()}|${row.id}`).toString('base64url');

/** A cursor is one we made: a row's time and id. A time outside years 1-9999 is not, and PostgreSQL would refuse it. */
function decodeCursor(cursor: string): ListPosition | null {
  const [time, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const submittedAt = new Date(time ?? '');
  if (!id || !isUuid(id) || Number.isNaN(submittedAt.getTime())) return null;
  const year = submittedAt.getUTCFullYear();
  return year >= 1 && year <= 9999 ? { submittedAt, id } : null;
}

/** One page of the inbox, newest first, with the filter's exact total and the next page's cursor. */
export async function listQuoteRequests(db: Db, query: QuoteRequestListQuery) {
  const limit = query.limit ?? QUOTE_REQUEST_PAGE_DEFAULT;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && !after) throw new RequestError(400, 'The cursor is not valid', { cursor: 'The cursor is not valid' });
  const [rows, total] = await Promise.all([findQuoteRequests(db, query, limit + 1, after), countMatching(db, query)]);
  const page = rows.slice(0, limit);
  return { rows: page.map(toQuoteRequest), total, nextCursor: rows.length > limit ? encodeCursor(page.at(-1)!) : null };
}

/** A CSV cell: quoted, and defused so a spreadsheet never runs it as a formula. */
function csvCell(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The filtered list as CSV for a spreadsheet (with a BOM, so Excel reads it as UTF-8), and its file name. */
export async function exportQuoteRequestsCsv(db: Db, filters: QuoteRequestFilters): Promise<{ fileName: string; csv: string }> {
  const rows = await findQuoteRequests(db, filters, EXPORT_MAX_ROWS);
  const header = ['Submitted', 'Status', 'Name', 'Email', 'Phone', 'Service', 'Property size', 'Urgency', 'Message'];
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) {
    lines.push(
      [row.submittedAt.toISOString(), row.status, row.name, row.email, row.phone, row.service, row.propertySize, row.urgency, row.message]
        .map(csvCell)
        .join(','),
    );
  }
  const day = new Date().toISOString().slice(0, 10);
  return { fileName: `quote-requests-${day}.csv`, csv: `\uFEFF${lines.join('\r\n')}\r\n` };
}

/** Requests per week for the last 12 weeks (weeks start on Monday, Central time), by status, and the new count. */
export async function inboxStats(db: Db): Promise<InboxStats> {
  const [rows, newCount] = await Promise.all([countByWeekAndStatus(db), countWithStatus(db, 'new')]);
  const byWeek = new Map<string, Record<QuoteRequestStatus, number>>();
  const monday = new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date())}T00:00:00Z`);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  for (let i = STATS_WEEKS - 1; i >= 0; i--) {
    const start = new Date(monday);
    start.setUTCDate(start.getUTCDate() - 7 * i);
    byWeek.set(
      start.toISOString().slice(0, 10),
      Object.fromEntries(QUOTE_REQUEST_STATUSES.map((status) => [status, 0])) as Record<QuoteRequestStatus, number>,
    );
  }
  for (const row of rows) {
    const counts = byWeek.get(row.week);
    if (counts) counts[row.status] += Number(row.n);
  }
  return { weeks: [...byWeek].map(([weekStart, counts]) => ({ weekStart, counts })), newCount };
}

export async function changeStatus(db: Db, id: string, status: QuoteRequestStatus) {
  const row = await setStatus(db, id, status);
  if (!row) throw new NotFoundError();
  return toQuoteRequest(row);
}

const authorName = (person: { firstName: string | null; lastName: string | null; email: string | null }) =>
  [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email;

export async function notesOf(db: Db, quoteRequestId: string): Promise<QuoteRequestNote[]> {
  const rows = await findNotes(db, quoteRequestId);
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    author: authorName(row) || 'Former staff member',
  }));
}

export async function addNote(
  db: Db,
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
