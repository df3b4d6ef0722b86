import { z } from 'zod/mini';
import { REPORT_FREQUENCIES } from '../reports';

/** GET and PUT /api/account/report-emails: how often this customer's user receives service reports. */
export const reportPreferenceSchema = z.object({
  frequency: z.enum(REPORT_FREQUENCIES, { error: 'Choose after every visit, a weekly summary, or none' }),
});
export type ReportPreference = z.infer<typeof reportPreferenceSchema>;

/** The unsubscribe link's token (RFC 8058 one-click, or the page's button). */
export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: 'This unsubscribe link is not complete. Use the link from the e-mail.' }),
});

export const unsubscribeResultSchema = z.object({
  /** The address that will no longer receive reports, partly hidden. */
  email: z.string(),
});

export const UNSUBSCRIBE_NOT_FOUND = 'This unsubscribe link is not valid. Change your report e-mails under Account Settings in the portal.';
