import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isStaffRole } from '../../../shared/policy';
import type { AuditOutcome } from '../../../shared/audit';
import { recordAuditEvent, recordRefusedRequest, type AuditActor, type NewAuditEvent } from '../../modules/audit';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Body fields whose values go into an event's summary: statuses, roles, dates and the like. Any
 * other field (names, e-mails, notes, addresses: personal data) is named, never copied.
 */
const SHOWN_VALUES = new Set([
  'status',
  'role',
  'kind',
  'disabled',
  'enabled',
  'scheduledDate',
  'validUntil',
  'date',
  'skipReason',
  'reportFrequency',
  'frequency',
  'photoType',
  'active',
  'pinned',
]);

/** "status=declined, reply": the fields a write sent, values only where they are not personal data. */
export function changeSummary(body: unknown): string {
  if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) return '';
  return Object.entries(body as Record<string, unknown>)
    .map(([key, value]) =>
      SHOWN_VALUES.has(key) && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null)
        ? `${key}=${String(value).slice(0, 40)}`
        : key,
    )
    .join(', ');
}

/** The record a route acts on: "service-requests" and its id, from `/api/admin/service-requests/:id`. */
function targetOf(request: FastifyRequest): { targetType: string | null; targetId: string | null } {
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  const url = request.routeOptions.url ?? '';
  const segments = url.split('/').filter(Boolean);
  const idAt = segments.findIndex((segment) => segment.startsWith(':'));
  const name = idAt > 0 ? segments[idAt - 1]! : (segments.at(-1) ?? null);
  const idParam = idAt >= 0 ? segments[idAt]!.slice(1) : null;
  return { targetType: name, targetId: idParam ? (params[idParam] ?? null) : null };
}

/** The person and the place a request came from. */
export async function auditActorOf(request: FastifyRequest): Promise<AuditActor> {
  const session = await request.sessionUser().catch(() => null);
  return {
    id: session?.user.id ?? null,
    role: session?.user.role ?? null,
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  };
}

/** Records one event for a request, with its actor; events named by a route itself (sign-in, passkeys) use this. */
export async function auditRequest(request: FastifyRequest, event: NewAuditEvent) {
  await recordAuditEvent(request.server.db, await auditActorOf(request), event);
}

/**
 * What the log keeps of this response, or null: staff writes, audited exports, refusals in a
 * protected group. A refusal before anyone was identified (the same-origin check's, or one without
 * a session) is `refused_anonymous`, which recordRefusedRequest counts per IP and minute.
 */
async function eventFor(request: FastifyRequest, reply: FastifyReply): Promise<NewAuditEvent | null> {
  const config = request.routeOptions.config;
  const code = reply.statusCode;
  const route = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
  const outcome: AuditOutcome = code < 400 ? 'ok' : code === 401 || code === 403 ? 'refused' : 'failed';
  const base = { action: route, statusCode: code, outcome, ...targetOf(request) };
  if (config.audience && code === 403) {
    if (request.refusedCrossSite || !(await request.sessionUser().catch(() => null))) return { ...base, kind: 'refused_anonymous' };
    return { ...base, kind: 'refused', summary: request.auditSummary ?? 'Refused by the role’s permissions' };
  }
  if (config.audit === 'export' || config.permission?.action === 'export')
    return code < 400 ? { ...base, kind: 'export', summary: request.auditSummary ?? changeSummary(request.query) } : null;
  if (!config.audience || READS.has(request.method) || code === 401 || config.audit === 'recorded') return null;
  const session = await request.sessionUser().catch(() => null);
  if (!session || !isStaffRole(session.user.role)) return null;
  return { ...base, kind: config.audit === 'passkey' ? 'passkey' : 'write', summary: request.auditSummary ?? changeSummary(request.body) };
}

/**
 * The audit log's recorder (issue 13). Every response of a protected route passes here before it
 * is sent: staff writes, exports (an `export` permission, or `config.audit: 'export'`) and permission refusals are
 * appended to the log. An export whose event cannot be written is not sent: a 500 instead.
 */
export default fp(
  async (app) => {
    app.decorateRequest('auditSummary', null);
    app.addHook('onSend', async (request, reply, payload) => {
      const event = await eventFor(request, reply);
      if (!event) return payload;
      try {
        if (event.kind === 'refused_anonymous') {
          await recordRefusedRequest(request.server.db, { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') }, event);
        } else await auditRequest(request, event);
      } catch (error) {
        if (event.kind === 'export') throw error;
        request.log.error({ err: error, action: event.action }, 'could not record an audit event');
      }
      return payload;
    });
  },
  { name: 'audit', dependencies: ['auth', 'database'] },
);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `export`: an export of personal data, recorded in the audit log before it is sent.
     * `passkey`: a change to someone's passkeys or recovery codes, recorded as a passkey change.
     * `recorded`: the module records the write itself, in its transaction, only when something
     * changed (a customer's answer to an estimate, notice on an agreement); the hook adds none.
     */
    audit?: 'export' | 'passkey' | 'recorded';
  }
  interface FastifyRequest {
    /** The audit event's summary, when the route (or the guard) knows better than the body's field names. */
    auditSummary: string | null;
  }
}
