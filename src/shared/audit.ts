/** The audit log's words (issue 13), shared by the server and the console. */
/**
 * `refused_anonymous`: requests to a signed-in route refused before anyone was identified (from
 * another site, or with no session), kept as at most one event per IP and minute with their count.
 */
export const AUDIT_KINDS = ['write', 'export', 'sign_in', 'sign_in_failed', 'sign_out', 'refused', 'passkey', 'refused_anonymous'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  write: 'Change',
  export: 'Export',
  sign_in: 'Sign-in',
  sign_in_failed: 'Failed sign-in',
  sign_out: 'Sign-out',
  refused: 'Refused by permissions',
  passkey: 'Passkey change',
  refused_anonymous: 'Refused before sign-in (another site, or no session)',
};

/** A kind's label; a kind this version does not know ("refusals_counted") reads as its words ("Refusals counted"). */
export function auditKindLabel(kind: string): string {
  const known = (AUDIT_KIND_LABELS as Record<string, string | undefined>)[kind];
  if (known) return known;
  const words = kind.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Event';
}

export const AUDIT_OUTCOMES = ['ok', 'refused', 'failed'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** How long events are kept before the daily purge removes them. */
export const AUDIT_RETENTION_MONTHS = 13;
