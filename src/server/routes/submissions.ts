import { and, count, eq, gte, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { isUuid } from '../uuid';
import { z } from 'zod/mini';
import { SERVICE_OPTIONS } from '../../shared/constants';
import { storableText } from '../../shared/storable-text';
import {
  NEXT_CURSOR_HEADER,
  SUBMISSIONS_PAGE_DEFAULT,
  SUBMISSIONS_PAGE_MAX,
  SUBMISSION_STATUSES,
  TOTAL_COUNT_HEADER,
  STATS_WEEKS,
  type ContactSubmission,
  type InboxStats,
  type SubmissionNote,
  type SubmissionStatus,
} from '../../shared/inbox-types';
import { descNullsLast } from '../db/order';
import { compactQuoteRequestCounts, countQuoteRequests } from '../modules/quote-requests/quote-request-counts';
import { quoteRequestNotes, quoteRequests, users } from '../db/schema';
import { runPeriodically } from '../periodic';

const EXPORT_MAX_ROWS = 50_000;
const COUNT_COMPACT_INTERVAL_MS = 2000;

const filterSchema = z.object({
  status: z.optional(z.enum(SUBMISSION_STATUSES, { error: `status must be one of ${SUBMISSION_STATUSES.join(', ')}` })),
  service: z.optional(z.enum(SERVICE_OPTIONS, { error: 'service must be one of the form’s services' })),
  q: z.optional(
    z
      .string({ error: 'Give one search text (q)' })
      .check(
        z.trim(),
        z.maxLength(100, 'Search for at most 100 characters'),
        storableText('The search text contains an invalid character'),
      ),
  ),
  includeSpam: z.optional(z.enum(['true', 'false'], { error: 'includeSpam must be true or false' })),
});
const pageSchema = z.object({
  limit: z.optional(
    z.coerce
      .number({ error: 'limit must be a whole number' })
      .check(
        z.int('limit must be a whole number'),
        z.gte(1, 'limit must be at least 1'),
        z.lte(SUBMISSIONS_PAGE_MAX, `limit must be at most ${SUBMISSIONS_PAGE_MAX}`),
      ),
  ),
  cursor: z.optional(z.string({ error: 'The cursor is not valid' }).check(z.maxLength(200, 'The cursor is not valid'))),
});

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

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] } & { submittedAt: Date };
const toSubmission = (row: Row): ContactSubmission => ({ ...row, submittedAt: row.submittedAt.toISOString() });

const encodeCursor = (row: { submittedAt: Date; id: string }) =>
  Buffer.from(`${row.submittedAt.toISOString()}|${row.id}`).toString('base64url');
/** A cursor is one we made: a row's time and id. A time outside years 1-9999 is not, and PostgreSQL would refuse it. */
function decodeCursor(cursor: string): { submittedAt: Date; id: string } | null {
  const [time, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const submittedAt = new Date(time ?? '');
  if (!id || !isUuid(id) || Number.isNaN(submittedAt.getTime())) return null;
  const year = submittedAt.getUTCFullYear();
  return year >= 1 && year <= 9999 ? { submittedAt, id } : null;
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%". */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereFor(filters: z.infer<typeof filterSchema>): SQL | undefined {
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

/** A CSV cell: quoted, and defused so a spreadsheet never runs it as a formula. */
function csvCell(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

const submissions: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.requireStaff);

  function badRequest(issues: ReadonlyArray<{ message: string }>) {
    return { message: issues.map((issue) => issue.message).join('; ') };
  }

  /**
   * The list's total: from the trigger-kept totals for status/service filters (exact,
   * and cheap at a million rows); a search counts its matches, which it scans anyway.
   */
  async function totalFor(filters: z.infer<typeof filterSchema>, where: SQL | undefined): Promise<number> {
    if (filters.q) {
      const [row] = await app.db.select({ n: count() }).from(quoteRequests).where(where);
      return row!.n;
    }
    return countQuoteRequests(app.db, { ...filters, includeSpam: filters.includeSpam === 'true' });
  }

  // Fold the totals' pending deltas every few seconds, so reading them stays a few dozen rows.
  runPeriodically(app, COUNT_COMPACT_INTERVAL_MS, 'fold inbox totals', () => compactQuoteRequestCounts(app.db));

  /** GET /api/contact: newest first, one page; the total and the next page's cursor come in headers. */
  app.get('/api/contact', async (request, reply) => {
    const filters = filterSchema.safeParse(request.query);
    const page = pageSchema.safeParse(request.query);
    if (!filters.success) return reply.code(400).send(badRequest(filters.error.issues));
    if (!page.success) return reply.code(400).send(badRequest(page.error.issues));
    const limit = page.data.limit ?? SUBMISSIONS_PAGE_DEFAULT;
    const cursor = page.data.cursor ? decodeCursor(page.data.cursor) : null;
    if (page.data.cursor && !cursor) return reply.code(400).send({ message: 'The cursor is not valid' });

    const where = whereFor(filters.data);
    const pageWhere = cursor
      ? and(
          where,
          sql`(${quoteRequests.submittedAt}, ${quoteRequests.id}) < (${cursor.submittedAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`,
        )
      : where;
    const [rows, total] = await Promise.all([
      app.db
        .select(columns)
        .from(quoteRequests)
        .where(pageWhere)
        .orderBy(descNullsLast(quoteRequests.submittedAt), descNullsLast(quoteRequests.id))
        .limit(limit + 1),
      totalFor(filters.data, where),
    ]);
    const more = rows.length > limit;
    const pageRows = rows.slice(0, limit) as Row[];
    reply.header(TOTAL_COUNT_HEADER, String(total));
    if (more) reply.header(NEXT_CURSOR_HEADER, encodeCursor(pageRows.at(-1)!));
    reply.header('Access-Control-Expose-Headers', `${TOTAL_COUNT_HEADER}, ${NEXT_CURSOR_HEADER}`);
    return pageRows.map(toSubmission);
  });

  /** The filtered list as CSV, for a spreadsheet. */
  app.get('/api/contact/export.csv', async (request, reply) => {
    const filters = filterSchema.safeParse(request.query);
    if (!filters.success) return reply.code(400).send(badRequest(filters.error.issues));
    const rows = (await app.db
      .select(columns)
      .from(quoteRequests)
      .where(whereFor(filters.data))
      .orderBy(descNullsLast(quoteRequests.submittedAt), descNullsLast(quoteRequests.id))
      .limit(EXPORT_MAX_ROWS)) as Row[];
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
    return reply
      .header('Content-Disposition', `attachment; filename="quote-requests-${day}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(`\uFEFF${lines.join('\r\n')}\r\n`);
  });

  /** Requests per week for the last 12 weeks (weeks start on Monday, Central time), by status. */
  app.get('/api/admin/stats', async () => {
    const week = sql<string>`to_char(date_trunc('week', ${quoteRequests.submittedAt} at time zone 'America/Chicago'), 'YYYY-MM-DD')`;
    const since = sql`(date_trunc('week', now() at time zone 'America/Chicago') - ${`${STATS_WEEKS - 1} weeks`}::interval) at time zone 'America/Chicago'`;
    const rows = await app.db
      .select({ week, status: quoteRequests.status, n: count() })
      .from(quoteRequests)
      .where(gte(quoteRequests.submittedAt, since))
      .groupBy(week, quoteRequests.status);
    const [open] = await app.db.select({ n: count() }).from(quoteRequests).where(eq(quoteRequests.status, 'new'));
    const byWeek = new Map<string, Record<SubmissionStatus, number>>();
    const monday = new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date())}T00:00:00Z`);
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    for (let i = STATS_WEEKS - 1; i >= 0; i--) {
      const start = new Date(monday);
      start.setUTCDate(start.getUTCDate() - 7 * i);
      byWeek.set(
        start.toISOString().slice(0, 10),
        Object.fromEntries(SUBMISSION_STATUSES.map((status) => [status, 0])) as Record<SubmissionStatus, number>,
      );
    }
    for (const row of rows) {
      const counts = byWeek.get(row.week);
      if (counts) counts[row.status] += Number(row.n);
    }
    const stats: InboxStats = { weeks: [...byWeek].map(([weekStart, counts]) => ({ weekStart, counts })), newCount: open!.n };
    return stats;
  });

  app.patch<{ Params: { id: string } }>('/api/contact/:id', async (request, reply) => {
    const body = z
      .object(
        { status: z.enum(SUBMISSION_STATUSES, { error: `status must be one of ${SUBMISSION_STATUSES.join(', ')}` }) },
        { error: 'Send the new status as a JSON object, such as {"status":"contacted"}' },
      )
      .safeParse(request.body);
    if (!body.success) return reply.code(400).send(badRequest(body.error.issues));
    if (!isUuid(request.params.id)) return reply.code(404).send({ message: 'Not found' });
    const [row] = await app.db
      .update(quoteRequests)
      .set({ status: body.data.status, isSpam: body.data.status === 'spam' })
      .where(eq(quoteRequests.id, request.params.id))
      .returning(columns);
    if (!row) return reply.code(404).send({ message: 'Not found' });
    return toSubmission(row as Row);
  });

  app.get<{ Params: { id: string } }>('/api/contact/:id/notes', async (request, reply) => {
    if (!isUuid(request.params.id)) return reply.code(404).send({ message: 'Not found' });
    const rows = await app.db
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
      .where(eq(quoteRequestNotes.quoteRequestId, request.params.id))
      .orderBy(quoteRequestNotes.createdAt);
    return rows.map((row): SubmissionNote => ({
      id: row.id,
      body: row.body,
      createdAt: row.createdAt.toISOString(),
      author: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email || 'Former staff member',
    }));
  });

  app.post<{ Params: { id: string } }>('/api/contact/:id/notes', async (request, reply) => {
    const body = z
      .object(
        {
          body: z
            .string({ error: 'The note must be text' })
            .check(
              z.trim(),
              z.minLength(1, 'Write a note first'),
              z.maxLength(2000, 'Notes can be at most 2000 characters'),
              storableText('The note contains an invalid character'),
            ),
        },
        { error: 'Send the note as a JSON object, such as {"body":"Called back"}' },
      )
      .safeParse(request.body);
    if (!body.success) return reply.code(400).send(badRequest(body.error.issues));
    if (!isUuid(request.params.id)) return reply.code(404).send({ message: 'Not found' });
    const [exists] = await app.db
      .select({ id: quoteRequests.id })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, request.params.id))
      .limit(1);
    if (!exists) return reply.code(404).send({ message: 'Not found' });
    const { user } = (await request.sessionUser())!;
    const [note] = await app.db
      .insert(quoteRequestNotes)
      .values({ quoteRequestId: exists.id, authorId: user.id, body: body.data.body })
      .returning();
    const author = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
    return reply
      .code(201)
      .send({ id: note!.id, body: note!.body, createdAt: note!.createdAt.toISOString(), author } satisfies SubmissionNote);
  });
};

export default submissions;
