import { company } from '../../../shared/company';
import type { PortalVisit } from '../../../shared/api/visit-history';
import { localDateOf, localDateText, minutesText, timeOfDayText as timeOf, windowText } from '../../../shared/local-dates';
import { REPORT_FREQUENCY_LABELS, type ReportFrequency } from '../../../shared/reports';
import type { EmailMessage, InlineImage } from './outbox';
import { emailButtonHtml, emailPageStart, escapeHtml, fieldTableHtml } from './templates';

/** What every report e-mail carries so it can be stopped in one click (RFC 8058), and the way to change it. */
export interface ReportFooter {
  /** The page that stops report e-mails, with the user's token (the footer's link). */
  unsubscribeUrl: string;
  /** The one-click unsubscribe target (POST, RFC 8058) named in List-Unsubscribe. */
  oneClickUrl: string;
  /** Account Settings in the portal, where the choice can be changed. */
  settingsUrl: string;
}

function listHeaders(footer: ReportFooter): Record<string, string> {
  return { 'List-Unsubscribe': `<${footer.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** Why the person receives the e-mail (their choice), and how to change or stop it. */
const footerText = (footer: ReportFooter, frequency: ReportFrequency) =>
  [
    `You receive these reports "${REPORT_FREQUENCY_LABELS[frequency].toLowerCase()}". Change that in Account Settings: ${footer.settingsUrl}`,
    `Stop report e-mails: ${footer.unsubscribeUrl}`,
  ].join('\n');

const RECEIVED_BECAUSE: Record<ReportFrequency, string> = {
  every_visit: 'You receive a report after every visit.',
  weekly: 'You receive a weekly summary on Monday morning.',
  none: '',
};

const footerHtml = (footer: ReportFooter, frequency: ReportFrequency) =>
  `<p style="margin:24px 0 0;font-size:12px;line-height:18px;color:#64748b">${RECEIVED_BECAUSE[frequency]} <a href="${escapeHtml(footer.settingsUrl)}" style="color:#1d5ed8">Change how often</a> · <a href="${escapeHtml(footer.unsubscribeUrl)}" style="color:#1d5ed8">Stop report e-mails</a></p>`;

function frame(title: string, body: string) {
  return `${emailPageStart}
<h1 style="margin:0 0 16px;font-size:22px;line-height:28px">${escapeHtml(title)}</h1>
${body}
<p style="margin:24px 0 0;font-size:13px;color:#475569">Questions? Reply to ${escapeHtml(company.supportEmail)} or call ${escapeHtml(company.phone.display)}.</p>
</td></tr></table></td></tr></table></body></html>`;
}

/**
 * The service report after a completed visit: the property, the day and times, the checklist,
 * "Verified on site", any site issues, small before and after images inline, and a link to the
 * visit in the portal.
 */
export function visitReportEmail({
  to,
  visit,
  images,
  visitUrl,
  footer,
}: {
  to: string;
  visit: PortalVisit;
  /** The inline before and after images (already small), by kind. */
  images: { before?: InlineImage; after?: InlineImage };
  visitUrl: string;
  footer: ReportFooter;
}): EmailMessage {
  const day = localDateText(visit.scheduledDate, { weekday: 'long', month: 'long', day: 'numeric' });
  const title = `${visit.propertyName}: visit of ${day} completed`;
  const times = [
    visit.arrivedAt ? `Arrived ${timeOf(visit.arrivedAt)}` : null,
    visit.departedAt ? `left ${timeOf(visit.departedAt)}` : null,
    visit.durationMinutes !== null ? `${minutesText(visit.durationMinutes)} on site` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const crew = visit.crew.length ? `Crew: ${visit.crew.join(', ')}` : '';
  const done = visit.checklist.filter((item) => item.done).length;
  const text = [
    title,
    '',
    times,
    visit.verifiedOnSite ? 'Verified on site: the crew checked in at the property.' : '',
    crew,
    '',
    `Checklist (${done} of ${visit.checklist.length} done):`,
    ...visit.checklist.map((item) => `${item.done ? '[x]' : '[ ]'} ${item.label}`),
    ...(visit.issues.length
      ? ['', 'What the crew found:', ...visit.issues.map((issue) => `- ${issue.label}, ${timeOf(issue.reportedAt)}: ${issue.note}`)]
      : []),
    '',
    `See the visit, with every photo: ${visitUrl}`,
    '',
    footerText(footer, 'every_visit'),
  ]
    .filter((line, index, lines) => line !== '' || lines[index - 1] !== '')
    .join('\n');

  const image = (found: InlineImage | undefined, label: string) =>
    found
      ? `<td width="50%" style="padding:4px;vertical-align:top"><img src="cid:${escapeHtml(found.contentId)}" alt="${label}" width="260" style="display:block;width:100%;max-width:260px;height:auto;border-radius:8px"><p style="margin:4px 0 0;font-size:12px;font-weight:700;color:#334155">${label}</p></td>`
      : `<td width="50%" style="padding:4px;vertical-align:top;font-size:12px;color:#64748b">No ${label.toLowerCase()} photo</td>`;
  // The visit's facts as a table, every row always there ("not recorded" when missing): with the
  // photos beside them, an e-mail of images and a few words reads as spam (SpamAssassin's
  // HTML_IMAGE_ONLY rules); spam-score.test.ts keeps every e-mail under 2 points.
  const notRecorded = 'not recorded';
  const facts: Array<[string, string]> = [
    ['Property', visit.propertyName],
    ['Day', day],
    ['Planned', windowText(visit.window)],
    ['Arrived', visit.arrivedAt ? timeOf(visit.arrivedAt) : notRecorded],
    ['Left', visit.departedAt ? timeOf(visit.departedAt) : notRecorded],
    ['Time on site', visit.durationMinutes !== null ? minutesText(visit.durationMinutes) : notRecorded],
    ['Crew', visit.crew.length ? visit.crew.join(', ') : notRecorded],
  ];
  const hasImages = Boolean(images.before || images.after);
  const body = `${fieldTableHtml(facts)}
${visit.verifiedOnSite ? '<p style="margin:12px 0 16px"><span style="display:inline-block;background:#eff6ff;color:#1e40af;border:1px solid #bfdbfe;border-radius:999px;padding:2px 10px;font-size:13px;font-weight:700">&#10003; Verified on site</span> <span style="font-size:13px;color:#475569">The crew checked in at the property.</span></p>' : ''}
${hasImages ? '<h2 style="margin:16px 0 8px;font-size:16px">Before and after</h2><p style="margin:0 0 8px;font-size:14px;line-height:22px">The first photos the crew took before starting and after finishing. The portal has every photo of this visit at full size.</p>' : ''}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px"><tr>${image(images.before, 'Before')}${image(images.after, 'After')}</tr></table>
<h2 style="margin:0 0 8px;font-size:16px">Checklist · ${done} of ${visit.checklist.length} done</h2>
<ul style="margin:0 0 16px;padding-left:20px;font-size:14px;line-height:22px">${visit.checklist.map((item) => `<li>${item.done ? '&#10003;' : '&#9675;'} ${escapeHtml(item.label)}${item.done ? '' : ' (not done)'}</li>`).join('')}</ul>
${
  visit.issues.length
    ? `<h2 style="margin:0 0 8px;font-size:16px">What the crew found</h2><ul style="margin:0 0 16px;padding-left:20px;font-size:14px;line-height:22px">${visit.issues
        .map(
          (issue) =>
            `<li><strong>${escapeHtml(issue.label)}</strong>, ${escapeHtml(timeOf(issue.reportedAt))}: ${escapeHtml(issue.note)}</li>`,
        )
        .join('')}</ul>`
    : ''
}
<p style="margin:0 0 8px;font-size:14px;line-height:22px">Something not as it should be? Choose Report a problem on the property's page in the portal, with a photo if you can, and we will send a crew back.</p>
${emailButtonHtml('See the visit and every photo', visitUrl)}
${footerHtml(footer, 'every_visit')}`;
  return {
    to,
    subject: `Service report: ${visit.propertyName}, ${localDateText(visit.scheduledDate, { month: 'short', day: 'numeric' })}`,
    text,
    html: frame(title, body),
    headers: listHeaders(footer),
    inlineImages: [images.before, images.after].filter((found): found is InlineImage => Boolean(found)),
  };
}

/** A hazard or damage the crew found, sent at once, without waiting for the visit to end. */
export function siteIssueAlertEmail({
  to,
  propertyName,
  issue,
  visitUrl,
  footer,
}: {
  to: string;
  propertyName: string;
  issue: { label: string; note: string; reportedAt: string };
  visitUrl: string;
  footer: ReportFooter;
}): EmailMessage {
  const title = `${issue.label} found at ${propertyName}`;
  const when = `Reported by our crew at ${timeOf(issue.reportedAt)} on ${localDateText(localDateOf(new Date(issue.reportedAt)))}.`;
  const text = [
    title,
    '',
    when,
    '',
    issue.note,
    '',
    `See it, with its photos, once they arrive: ${visitUrl}`,
    '',
    footerText(footer, 'every_visit'),
  ].join('\n');
  const body = `<p style="margin:0 0 12px;font-size:15px;line-height:22px">${escapeHtml(when)}</p>
<p style="margin:0 0 16px;font-size:15px;line-height:22px;border-left:4px solid #f59e0b;padding-left:12px">${escapeHtml(issue.note)}</p>
${emailButtonHtml('See the visit', visitUrl)}
${footerHtml(footer, 'every_visit')}`;
  return { to, subject: `Site issue at ${propertyName}: ${issue.label}`, text, html: frame(title, body), headers: listHeaders(footer) };
}

/** The weekly summary on Monday morning: last week's visits at each of the customer's properties. */
export function weeklySummaryEmail({
  to,
  weekStart,
  weekEnd,
  visits,
  portalUrl,
  footer,
}: {
  to: string;
  weekStart: string;
  weekEnd: string;
  visits: Array<PortalVisit & { url: string }>;
  portalUrl: string;
  footer: ReportFooter;
}): EmailMessage {
  const range = `${localDateText(weekStart, { month: 'long', day: 'numeric' })} to ${localDateText(weekEnd, { month: 'long', day: 'numeric' })}`;
  const title = `Your week of service, ${range}`;
  const completed = visits.filter((visit) => visit.status === 'completed').length;
  const line = (visit: PortalVisit) =>
    `${localDateText(visit.scheduledDate, { weekday: 'short', month: 'short', day: 'numeric' })} · ${visit.propertyName} · ${
      visit.status === 'completed'
        ? `completed${visit.arrivedAt ? ` ${timeOf(visit.arrivedAt)}` : ''}${visit.verifiedOnSite ? ', verified on site' : ''}`
        : visit.status === 'skipped'
          ? `skipped${visit.skipReason ? ` (${visit.skipReason})` : ''}`
          : visit.status === 'missed'
            ? 'not completed - we will contact you'
            : 'in progress'
    }${visit.issues.length ? ` · ${visit.issues.length} site ${visit.issues.length === 1 ? 'issue' : 'issues'}` : ''}`;
  const summary = visits.length
    ? `${completed} of ${visits.length} ${visits.length === 1 ? 'visit' : 'visits'} completed.`
    : 'No visits were planned last week.';
  const text = [
    title,
    '',
    summary,
    '',
    ...visits.map((visit) => `- ${line(visit)}: ${visit.url}`),
    '',
    `Every visit, with its photos: ${portalUrl}`,
    '',
    footerText(footer, 'weekly'),
  ].join('\n');
  const body = `<p style="margin:0 0 12px;font-size:15px">${escapeHtml(summary)}</p>
<ul style="margin:0 0 16px;padding-left:20px;font-size:14px;line-height:24px">${visits.map((visit) => `<li><a href="${escapeHtml(visit.url)}" style="color:#0f172a">${escapeHtml(line(visit))}</a></li>`).join('')}</ul>
${emailButtonHtml('Open the portal', portalUrl)}
${footerHtml(footer, 'weekly')}`;
  return {
    to,
    subject: `Weekly service summary, ${range}`,
    text,
    html: frame(title, body),
    headers: listHeaders(footer),
  };
}
