import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { auditEvents, users } from '../../db/schema';
import { AUDIT_RETENTION_MONTHS, auditKindLabel, type AuditKind, type AuditOutcome } from '../../../shared/audit';
import { centralTimeWithOffset, csvLine } from '../../csv';
import type { AuditEvent, AuditEventQuery } from '../../../shared/api/audit';
import { describeAuditEvents } from './audit-words';
import { fullName } from '../../../shared/display-name';

/** Who did it, from where: the signed-in user (when there is one), the client's IP and browser. */
export interface AuditActor {
  id: string | null;
  role: string | null;
  ip: string;
  userAgent: string;
}

export interface NewAuditEvent {
  kind: AuditKind;
  action: string;
  outcome: AuditOutcome;
  targetType?: string | null;
  targetId?: string | null;
  statusCode?: number | null;
  /** A short account of the change: field names, and values only where they are not personal data. */
  summary?: string;
}

/**
 * The actor of a customer's or a prospect's own action, recorded by the module that makes it (in
 * its transaction, so only a real change is logged, once): the signed-in user in the portal; on an
 * estimate's link nobody is signed in, and only the IP and browser are known.
 */
export function customerActor(by: { user?: { id: string; role: string } | null; ip: string | null; userAgent: string | null }): AuditActor {
  return { id: by.user?.id ?? null, role: by.user?.role ?? null, ip: by.ip ?? '', userAgent: by.userAgent ?? '' };
}

/** The columns of one event, each cut to its length: a path's id, like any value from a request, can be any size. */
function eventRow(actor: AuditActor, event: NewAuditEvent) {
  return {
    kind: event.kind,
    actorId: actor.id,
    actorRole: actor.role,
    ip: actor.ip.slice(0, 100),
    userAgent: actor.userAgent.slice(0, 300),
    action: event.action.slice(0, 200),
    targetType: event.targetType?.slice(0, 100) ?? null,
    targetId: event.targetId?.slice(0, 100) ?? null,
    outcome: event.outcome,
    statusCode: event.statusCode ?? null,
    summary: (event.summary ?? '').slice(0, 500),
  };
}

/** Appends one event. The log has no update or delete of its own (see the trigger in migration 0010). */
export async function recordAuditEvent(db: Executor, actor: AuditActor, event: NewAuditEvent): Promise<void> {
  await db.insert(auditEvents).values(eventRow(actor, event));
}

const REFUSED_SUMMARY = 'refused in this minute, from another site or with no session; the first is shown';

/** The minute's event, as the upsert reads it: the existing row's count, spelled out, since `excluded` has one too. */
const storedCount = sql`${sql.identifier('audit_events')}.${sql.identifier('count')}`;

/**
 * Records a request refused before anyone was identified (from another site, or with no session)
 * as `refused_anonymous`: at most one event per IP and minute, the first request's, whose count
 * the next ones raise. Anyone can send such requests, so they cannot be allowed to fill a log that
 * is kept 13 months. One upsert on the database: several instances share the minute's event.
 */
export async function recordRefusedRequest(
  db: Executor,
  actor: Pick<AuditActor, 'ip' | 'userAgent'>,
  event: Omit<NewAuditEvent, 'kind' | 'summary'>,
) {
  const row = eventRow({ id: null, role: null, ...actor }, { ...event, kind: 'refused_anonymous' });
  await db
    .insert(auditEvents)
    .values({ ...row, at: sql`date_trunc('minute', now())`, summary: `1 request ${REFUSED_SUMMARY}`, count: 1 })
    .onConflictDoUpdate({
      target: [auditEvents.ip, auditEvents.at],
      targetWhere: sql`kind = 'refused_anonymous'`,
      set: { count: sql`${storedCount} + 1`, summary: sql`(${storedCount} + 1)::text || ${` requests ${REFUSED_SUMMARY}`}` },
    });
}

/** Local midnight in Milwaukee of a YYYY-MM-DD date, as SQL: the filters read dates as the office does. */
const chicagoMidnight = (date: string) => sql`(${date}::date)::timestamp at time zone 'America/Chicago'`;

function conditions(query: AuditEventQuery): SQL | undefined {
  return and(
    query.actorId ? eq(auditEvents.actorId, query.actorId) : undefined,
    query.kind ? eq(auditEvents.kind, query.kind) : undefined,
    query.from ? gte(auditEvents.at, chicagoMidnight(query.from)) : undefined,
    query.to ? lt(auditEvents.at, sql`${chicagoMidnight(query.to)} + interval '1 day'`) : undefined,
    query.before ? lt(auditEvents.id, query.before) : undefined,
  );
}

/** Events matching the filters, newest first, `limit` at a time (`before`: the last id of the page before), each in words. */
export async function listAuditEvents(db: Executor, query: AuditEventQuery, limit = 100): Promise<AuditEvent[]> {
  const rows = await db
    .select({ event: auditEvents, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(conditions(query))
    .orderBy(desc(auditEvents.id))
    .limit(limit);
  const listed = rows.map(({ event, firstName, lastName, email }) => ({
    id: event.id,
    at: event.at.toISOString(),
    kind: event.kind,
    actor: event.actorId
      ? { id: event.actorId, role: event.actorRole, name: fullName({ firstName, lastName }) || email || 'A removed account' }
      : null,
    ip: event.ip,
    userAgent: event.userAgent,
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId,
    outcome: event.outcome,
    statusCode: event.statusCode,
    summary: event.summary,
  }));
  const words = await describeAuditEvents(db, listed);
  return listed.map((event, i) => ({ ...event, words: words[i]! }));
}

/** The people who appear in the log, for the console's "Person" filter. */
export async function auditActors(db: Executor): Promise<Array<{ id: string; name: string; role: string | null }>> {
  const rows = await db
    .selectDistinctOn([auditEvents.actorId], {
      id: auditEvents.actorId,
      role: auditEvents.actorRole,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(sql`${auditEvents.actorId} is not null`)
    .orderBy(auditEvents.actorId, desc(auditEvents.id));
  return rows
    .map((row) => ({
      id: row.id!,
      role: row.role,
      name: fullName(row) || row.email || 'A removed account',
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Removes events past the retention (13 months); the trigger lets only these go. */
export async function purgeOldAuditEvents(db: Executor, now = new Date()): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - AUDIT_RETENTION_MONTHS);
  cutoff.setUTCDate(cutoff.getUTCDate() - 1);
  const removed = await db.delete(auditEvents).where(lte(auditEvents.at, cutoff)).returning({ id: auditEvents.id });
  return removed.length;
}

const AUDIT_CSV_HEADER = [
  'Time (Central)',
  'Time (UTC)',
  'Person',
  'What happened',
  'Link',
  'Person id',
  'Role',
  'IP',
  'Browser',
  'Kind',
  'Action',
  'Target',
  'Target id',
  'Outcome',
  'Status',
  'Summary',
];

/** The filtered log as CSV lines, 500 events a query, for owners' records: each event in words, with its link. */
export function exportAuditEventsCsv(
  db: Executor,
  appUrl: URL,
  query: AuditEventQuery,
): { fileName: string; lines: AsyncGenerator<string> } {
  async function* lines() {
    yield `\uFEFF${csvLine(AUDIT_CSV_HEADER)}`;
    let before = query.before;
    for (;;) {
      const page = await listAuditEvents(db, { ...query, before }, 500);
      let chunk = '';
      for (const event of page) {
        chunk += csvLine([
          centralTimeWithOffset(new Date(event.at)),
          event.at,
          event.actor?.name ?? '',
          event.words.text,
          event.words.link ? new URL(event.words.link.href, appUrl).href : '',
          event.actor?.id ?? '',
          event.actor?.role ?? '',
          event.ip,
          event.userAgent,
          auditKindLabel(event.kind),
          event.action,
          event.targetType,
          event.targetId,
          event.outcome,
          event.statusCode === null ? '' : String(event.statusCode),
          event.summary,
        ]);
      }
      if (chunk) yield chunk;
      if (page.length < 500) return;
      before = page.at(-1)!.id;
    }
  }
  return { fileName: `audit-log-${new Date().toISOString().slice(0, 10)}.csv`, lines: lines() };
}
