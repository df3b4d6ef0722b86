/** The audit log's words (issue 13), shared by the server and the console. */
export const AUDIT_KINDS = ['write', 'export', 'sign_in', 'sign_in_failed', 'sign_out', 'refused', 'passkey'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  write: 'Change',
  export: 'Export',
  sign_in: 'Sign-in',
  sign_in_failed: 'Failed sign-in',
  sign_out: 'Sign-out',
  refused: 'Refused by permissions',
  passkey: 'Passkey change',
};

export const AUDIT_OUTCOMES = ['ok', 'refused', 'failed'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** How long events are kept before the daily purge removes them. */
export const AUDIT_RETENTION_MONTHS = 13;
