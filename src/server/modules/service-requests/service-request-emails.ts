import { company } from '../../../shared/company';
import { localDateText } from '../../../shared/local-dates';
import {
  SERVICE_REQUEST_KIND_LABELS,
  SERVICE_REQUEST_STATUS_LABELS,
  type ServiceRequestKind,
  type ServiceRequestStatus,
} from '../../../shared/service-requests';
import type { EmailMessage } from '../mail/outbox';
import { emailButtonHtml, emailPageStart, escapeHtml, fieldTableHtml } from '../mail/templates';

/** A short e-mail: a heading, labelled lines, a button; every value in the HTML is escaped. */
function simpleEmail(heading: string, lines: Array<[string, string]>, intro: string, button: { label: string; url: string }) {
  const text = [
    intro,
    '',
    ...lines.map(([label, value]) => `${label}: ${value}`),
    '',
    `${button.label}: ${button.url}`,
    '',
    company.name,
  ].join('\n');
  const html = `${emailPageStart}
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(heading)}</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:24px">${escapeHtml(intro)}</p>
${fieldTableHtml(lines)}
${emailButtonHtml(button.label, button.url)}
</td></tr></table></td></tr></table></body></html>`;
  return { text, html };
}

export interface NewServiceRequestDetails {
  kind: ServiceRequestKind;
  propertyName: string;
  customerName: string;
  requester: { name: string; email: string };
  preferredDates: string[];
  note: string;
  photoCount: number;
}

/** Tells staff about a customer's request, as newRequestEmail does for a quote request; Reply-To is the customer's user. */
export function newServiceRequestEmail(to: string, request: NewServiceRequestDetails, inboxUrl: string): EmailMessage {
  const kind = SERVICE_REQUEST_KIND_LABELS[request.kind];
  const lines: Array<[string, string]> = [
    ['Customer', request.customerName],
    ['Property', request.propertyName],
    ['From', `${request.requester.name} <${request.requester.email}>`],
  ];
  if (request.kind === 'extra_cleanup') lines.push(['Preferred dates', request.preferredDates.map((d) => localDateText(d)).join('; ')]);
  if (request.kind === 'problem_report') lines.push(['Photos', String(request.photoCount)]);
  lines.push(['Note', request.note || 'none']);
  const intro = `${request.customerName} sent ${request.kind === 'extra_cleanup' ? 'an extra cleanup request' : 'a problem report'} from the portal.`;
  return {
    to,
    replyTo: request.requester.email,
    subject: `${kind}: ${request.propertyName} (${request.customerName})`,
    ...simpleEmail(`${kind} from ${request.customerName}`, lines, intro, { label: 'Open the inbox', url: inboxUrl }),
  };
}

export interface ServiceRequestChange {
  kind: ServiceRequestKind;
  status: ServiceRequestStatus;
  propertyName: string;
  scheduledDate: string | null;
  reply: string | null;
}

const STATUS_WORDS: Record<ServiceRequestStatus, (change: ServiceRequestChange) => string> = {
  received: () => 'We have your request and will get back to you.',
  scheduled: (change) => `It is scheduled for ${change.scheduledDate ? localDateText(change.scheduledDate) : 'a date we will confirm'}.`,
  done: () => 'The work is done.',
  declined: () => 'We cannot take this request on.',
};

/** Tells the customer's user who sent a request that its status changed. */
export function serviceRequestStatusEmail(to: string, change: ServiceRequestChange, portalUrl: string): EmailMessage {
  const what = change.kind === 'extra_cleanup' ? 'extra cleanup request' : 'problem report';
  const status = SERVICE_REQUEST_STATUS_LABELS[change.status].toLowerCase();
  const words = STATUS_WORDS[change.status](change);
  const lines: Array<[string, string]> = [['Property', change.propertyName]];
  if (change.status === 'declined' && change.reply) lines.push(['Our reply', change.reply]);
  const heading = `Your ${what}: ${status}`;
  return {
    to,
    subject: `Your ${what} for ${change.propertyName}: ${status}`,
    ...simpleEmail(heading, lines, `${words} Questions? Call ${company.phone.display}.`, { label: 'See your requests', url: portalUrl }),
  };
}
