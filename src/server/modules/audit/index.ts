/** The audit module's public surface: what routes, jobs, the CLI, plugins and other modules may use. */
export {
  auditActors,
  customerActor,
  exportAuditEventsCsv,
  listAuditEvents,
  purgeOldAuditEvents,
  recordAuditEvent,
  recordRefusedRequest,
} from './audit-log';
export type { AuditActor, NewAuditEvent } from './audit-log';
