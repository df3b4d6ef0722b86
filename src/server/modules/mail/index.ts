/** The mail module's public surface: what routes, jobs, the CLI, plugins and other modules may use. */
export type { MailContext } from './mail-context';
export { enqueueEmail, logSender, OutboxWorker, smtpSender } from './outbox';
export type { EmailMessage, InlineImage, MailQueue } from './outbox';
export { footerFor, invited, recipients, unsubscribePaths, visitUrl } from './report-recipients';
export { siteIssueAlertEmail, visitReportEmail, weeklySummaryEmail } from './report-templates';
export {
  emailButtonHtml,
  emailPageStart,
  escapeHtml,
  fieldTableHtml,
  invitationEmail,
  newRequestEmail,
  signInLinkEmail,
  simpleEmail,
  urgentBadgeHtml,
} from './templates';
export type { EmailExtras, InvitationAudience } from './templates';
