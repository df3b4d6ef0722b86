import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { properties, visits } from '../../db/schema';
import { enqueueEmail, footerFor, recipients, siteIssueAlertEmail, visitUrl } from '../mail';
import { URGENT_SITE_ISSUE_TYPES } from '../../../shared/reports';
import { SITE_ISSUE_TYPE_LABELS, type SiteIssueType } from '../../../shared/visits';

export interface UrgentIssue {
  visitId: string;
  type: SiteIssueType;
  note: string;
  reportedAt: Date;
}

/**
 * A hazard or damage the crew reported, e-mailed at once to the users who receive reports
 * (after every visit, or weekly): call it in the transaction that stores the issue. Answers how
 * many e-mails it queued.
 */
export async function queueSiteIssueAlert(tx: Executor, appUrl: URL, issue: UrgentIssue): Promise<number> {
  if (!(URGENT_SITE_ISSUE_TYPES as readonly string[]).includes(issue.type)) return 0;
  const [place] = await tx
    .select({ propertyId: properties.id, propertyName: properties.name, customerId: properties.customerId })
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .where(eq(visits.id, issue.visitId));
  if (!place) return 0;
  const to = await recipients(tx, place.customerId, ['every_visit', 'weekly']);
  for (const person of to) {
    const footer = footerFor(appUrl, person.token);
    const message = siteIssueAlertEmail({
      to: person.email,
      propertyName: place.propertyName,
      issue: { label: SITE_ISSUE_TYPE_LABELS[issue.type], note: issue.note, reportedAt: issue.reportedAt.toISOString() },
      visitUrl: visitUrl(appUrl, { id: issue.visitId, propertyId: place.propertyId }),
      footer,
    });
    await enqueueEmail(tx, message);
  }
  return to.length;
}
