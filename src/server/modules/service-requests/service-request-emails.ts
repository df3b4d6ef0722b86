import { company } from '../../../shared/company';
import { localDateText, windowText } from '../../../shared/local-dates';
import {
  SERVICE_REQUEST_KIND_LABELS,
  SERVICE_REQUEST_STATUS_LABELS,
  type ServiceRequestKind,
  type ServiceRequestStatus,
} from '../../../shared/service-requests';
import { type EmailMessage, escapeHtml, type InlineImage, simpleEmail, urgentBadgeHtml } from '../mail';
import type { RequestVisit } from './service-request-visits';

export interface NewServiceRequestDetails {
  kind: ServiceRequestKind;
  propertyName: string;
  /** The property's street address, city, state and ZIP code on one line. */
  propertyAddress: string;
  customerName: string;
  requester: { name: string; email: string };
  preferredDates: string[];
  note: string;
  /** A problem report's photos as small inline JPEGs, in the order sent. */
  photos: InlineImage[];
  /** A problem report of a hazard (src/shared/service-requests.ts): "URGENT:" in the subject and a badge. */
  urgent: boolean;
}

/** The photos as thumbnails shown inline (cid:), side by side, wrapping on a narrow screen. */
const thumbnailsHtml = (photos: InlineImage[]) =>
  photos.length
    ? `<p style="margin:16px 0 0;line-height:0">${photos
        .map(
          (photo, index) =>
            `<img src="cid:${escapeHtml(photo.contentId)}" alt="Photo ${index + 1} of ${photos.length}" width="104" style="display:inline-block;width:104px;height:auto;margin:0 8px 8px 0;border-radius:8px;vertical-align:top">`,
        )
        .join('')}</p>`
    : '';

/** What staff can do next, in words (it also keeps an e-mail of photos from reading as images alone to spam filters). */
function howToAnswer(request: NewServiceRequestDetails): string {
  const photos = request.photos.length
    ? `The photos above are small copies; the inbox shows ${request.photos.length === 1 ? 'it' : 'them'} full size. `
    : '';
  return (
    `${photos}Reply to this e-mail to write to ${request.requester.name} directly, or answer in the inbox: ` +
    'Scheduled with a date puts the request on that day’s visit (one is added when the property has none that day), ' +
    'and any status can carry a reply that the customer reads in the portal and by e-mail.'
  );
}

/**
 * Tells staff about a customer's request, as newRequestEmail does for a quote request: the
 * property, the note, the photos as thumbnails and a link to the inbox; Reply-To is the customer's user.
 */
export function newServiceRequestEmail(to: string, request: NewServiceRequestDetails, inboxUrl: string): EmailMessage {
  const kind = SERVICE_REQUEST_KIND_LABELS[request.kind];
  const lines: Array<[string, string]> = [
    ['Customer', request.customerName],
    ['Property', request.propertyName],
    ['Address', request.propertyAddress],
    ['From', `${request.requester.name} <${request.requester.email}>`],
  ];
  if (request.kind === 'extra_cleanup') lines.push(['Preferred dates', request.preferredDates.map((d) => localDateText(d)).join('; ')]);
  if (request.kind === 'problem_report') {
    lines.push(['Photos', request.photos.length ? `${request.photos.length} (full size in the inbox)` : 'none']);
  }
  lines.push(['Note', request.note || 'none']);
  const intro = request.urgent
    ? `${request.customerName} reported a hazard at ${request.propertyName} from the portal: look at it and call them back as soon as you can.`
    : `${request.customerName} sent ${request.kind === 'extra_cleanup' ? 'an extra cleanup request' : 'a problem report'} from the portal.`;
  return {
    to,
    replyTo: request.requester.email,
    subject: `${request.urgent ? 'URGENT: ' : ''}${kind}: ${request.propertyName} (${request.customerName})`,
    ...simpleEmail(
      `${request.urgent ? `Urgent ${kind.toLowerCase()}` : kind} from ${request.customerName}`,
      lines,
      intro,
      { label: 'Open the inbox', url: inboxUrl },
      {
        top: request.urgent ? urgentBadgeHtml : '',
        htmlAfterFields: thumbnailsHtml(request.photos),
        outro: howToAnswer(request),
      },
    ),
    inlineImages: request.photos,
  };
}

export interface ServiceRequestChange {
  kind: ServiceRequestKind;
  status: ServiceRequestStatus;
  propertyName: string;
  scheduledDate: string | null;
  reply: string | null;
  /** The visit it is on, when it was just scheduled. */
  visit: RequestVisit | null;
}

/** The visit in words: "a visit we added for it" or "your regular visit (Weekly sweep)", its day and its window. */
function visitWords(visit: RequestVisit): { sentence: string; line: string } {
  const day = localDateText(visit.date);
  const when = visit.window ? `${day}, ${windowText(visit.window)}` : day;
  if (visit.madeForRequest) return { sentence: `We added a visit for it on ${when}.`, line: `${when} (a visit added for this request)` };
  if (visit.planName) {
    return {
      sentence: `We will take care of it on your regular visit on ${when}.`,
      line: `${when} (your regular visit: ${visit.planName})`,
    };
  }
  return { sentence: `We will take care of it on the visit already planned for ${when}.`, line: `${when} (a visit already planned)` };
}

const STATUS_WORDS: Record<ServiceRequestStatus, (change: ServiceRequestChange) => string> = {
  received: () => 'We have your request and will get back to you.',
  scheduled: (change) =>
    change.visit
      ? visitWords(change.visit).sentence
      : `It is scheduled for ${change.scheduledDate ? localDateText(change.scheduledDate) : 'a date we will confirm'}.`,
  done: () => 'The work is done.',
  declined: () => 'We cannot take this request on.',
};

/** Tells the customer's user who sent a request that its status changed, with the visit it is on and our reply. */
export function serviceRequestStatusEmail(to: string, change: ServiceRequestChange, portalUrl: string): EmailMessage {
  const what = change.kind === 'extra_cleanup' ? 'extra cleanup request' : 'problem report';
  const status = SERVICE_REQUEST_STATUS_LABELS[change.status].toLowerCase();
  const words = STATUS_WORDS[change.status](change);
  const lines: Array<[string, string]> = [['Property', change.propertyName]];
  if (change.status === 'scheduled' && change.visit) lines.push(['Visit', visitWords(change.visit).line]);
  if (change.reply) lines.push(['Our reply', change.reply]);
  const heading = `Your ${what}: ${status}`;
  return {
    to,
    subject: `Your ${what} for ${change.propertyName}: ${status}`,
    ...simpleEmail(heading, lines, `${words} Questions? Call ${company.phone.display}.`, { label: 'See your requests', url: portalUrl }),
  };
}
