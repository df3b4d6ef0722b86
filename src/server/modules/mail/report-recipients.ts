import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { users } from '../../db/schema';
import type { PortalVisit } from '../../../shared/api/visit-history';
import type { ReportFrequency } from '../../../shared/reports';
import type { ReportFooter } from './report-templates';

/**
 * Who receives the customer's report e-mails, and the links every one carries: shared by the
 * visit reports and weekly summaries (reports) and the site-issue alert (visits).
 */

export const unsubscribePaths = {
  /** The one-click POST target named in List-Unsubscribe (a GET there leads to the page). */
  api: (token: string) => `/api/reports/unsubscribe?token=${encodeURIComponent(token)}`,
  /** The page a person reaches from the e-mail's footer. */
  page: (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`,
};

export function footerFor(appUrl: URL, token: string): ReportFooter {
  return {
    unsubscribeUrl: new URL(unsubscribePaths.page(token), appUrl).href,
    oneClickUrl: new URL(unsubscribePaths.api(token), appUrl).href,
    settingsUrl: new URL('/customer-dashboard/account', appUrl).href,
  };
}

/** A customer's user who may be e-mailed reports: invited (or signed in) already, so they know of their account. */
export const invited = isNotNull(users.invitedAt);

/** The customer's users who receive reports of these kinds. */
export async function recipients(db: Executor, customerId: string, frequencies: readonly ReportFrequency[]) {
  return db
    .select({ email: users.email, token: users.unsubscribeToken })
    .from(users)
    .where(and(eq(users.customerId, customerId), eq(users.role, 'customer'), inArray(users.reportFrequency, [...frequencies]), invited));
}

export const visitUrl = (appUrl: URL, visit: Pick<PortalVisit, 'id' | 'propertyId'>) =>
  new URL(`/customer-dashboard/properties/${visit.propertyId}/visits/${visit.id}`, appUrl).href;
