import { z } from 'zod/mini';
import { AUDIT_KINDS, AUDIT_OUTCOMES } from '../audit';
import { localDateSchema } from './schedule';

/** GET /api/admin/audit-events (and .csv): by person, kind of action and local dates, newest first. */
export const auditEventQuerySchema = z.object({
  actorId: z.optional(z.uuid({ error: 'Choose a person from the list' })),
  kind: z.optional(z.enum(AUDIT_KINDS, { error: `Choose an action: ${AUDIT_KINDS.join(', ')}` })),
  from: z.optional(localDateSchema('From')),
  to: z.optional(localDateSchema('To')),
  /** The next page: events older than this id. */
  before: z.optional(z.coerce.number().check(z.int(), z.positive())),
});
export type AuditEventQuery = z.infer<typeof auditEventQuerySchema>;

/** An event in words ("Sam Nowak ticked “Sweep lot” on the visit to …"); `link.text` is the part of `text` that links to the target's page. */
export const auditWordsSchema = z.object({
  text: z.string(),
  link: z.nullable(z.object({ href: z.string(), text: z.string() })),
});
export type AuditWords = z.infer<typeof auditWordsSchema>;

export const auditEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  /** One of AUDIT_KINDS; a string, so an event of a kind added later (or by a newer release) still lists. */
  kind: z.string(),
  /** Null for an event without a signed-in person (a failed sign-in). */
  actor: z.nullable(z.object({ id: z.string(), role: z.nullable(z.string()), name: z.string() })),
  ip: z.string(),
  userAgent: z.string(),
  action: z.string(),
  targetType: z.nullable(z.string()),
  targetId: z.nullable(z.string()),
  outcome: z.enum(AUDIT_OUTCOMES),
  statusCode: z.nullable(z.number()),
  summary: z.string(),
  words: auditWordsSchema,
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditActorSchema = z.object({ id: z.string(), name: z.string(), role: z.nullable(z.string()) });
export type AuditActorOption = z.infer<typeof auditActorSchema>;
