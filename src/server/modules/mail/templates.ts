import { company } from '../../../shared/company';
import { INVITATION_DAYS, SIGN_IN_LINK_MINUTES } from '../../../shared/constants';
import type { EmailMessage } from './outbox';

export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The sign-in link e-mail, in plain text and in HTML; every value in the HTML is escaped. */
export function signInLinkEmail({ to, firstName, link }: { to: string; firstName: string | null; link: string }): EmailMessage {
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  const text = [
    greeting,
    '',
    `Use this link to sign in to your ${company.name} customer portal:`,
    '',
    link,
    '',
    `The link works once and expires in ${SIGN_IN_LINK_MINUTES} minutes.`,
    `If you did not ask to sign in, you can ignore this e-mail. Questions? Write to ${company.supportEmail} or call ${company.phone.display}.`,
    '',
    `${company.name}`,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#f1f5f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td>
<p style="margin:0 0 8px;font-size:14px;font-weight:700;color:#1d5ed8">${escapeHtml(company.name)}</p>
<h1 style="margin:0 0 16px;font-size:22px">Sign in to your customer portal</h1>
<p style="margin:0 0 24px;font-size:16px;line-height:24px">${escapeHtml(greeting)} use the button below to sign in. The link works once and expires in ${SIGN_IN_LINK_MINUTES} minutes.</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d5ed8;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:8px">Sign in</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#475569">Or paste this address into your browser:<br><span style="word-break:break-all">${escapeHtml(link)}</span></p>
<p style="margin:24px 0 0;font-size:13px;color:#475569">If you did not ask to sign in, you can ignore this e-mail. Questions? Write to ${escapeHtml(company.supportEmail)} or call ${escapeHtml(company.phone.display)}.</p>
</td></tr></table></td></tr></table></body></html>`;
  return { to, subject: `Your sign-in link for ${company.name}`, text, html, sensitive: true };
}

/** The top of a 600 px e-mail card with the company's name, up to its first heading. */
export const emailPageStart = `<!doctype html><html lang="en"><body style="margin:0;background:#f1f5f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:16px;padding:32px"><tr><td>
<p style="margin:0 0 8px;font-size:14px;font-weight:700;color:#1d5ed8">${escapeHtml(company.name)}</p>`;

/** Labelled values as a two-column table, every value escaped and its line breaks kept. */
export const fieldTableHtml = (fields: ReadonlyArray<readonly [string, string]>) =>
  `<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px;line-height:22px">${fields
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:6px 12px 6px 0;vertical-align:top;color:#475569;font-weight:600">${escapeHtml(label)}</th><td style="padding:6px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`;

/** The e-mail's one call to action. */
export const emailButtonHtml = (label: string, url: string) =>
  `<p style="margin:24px 0 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#1d5ed8;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:8px">${escapeHtml(label)}</a></p>`;

/** Extra parts of a short e-mail: HTML above its heading, HTML and text lines after its fields. */
export interface EmailExtras {
  top?: string;
  htmlAfterFields?: string;
  /** A paragraph after the fields (and their HTML), in both parts. */
  outro?: string;
}

/** A short e-mail: a heading, labelled lines, a button; every value in the HTML is escaped. */
export function simpleEmail(
  heading: string,
  lines: Array<[string, string]>,
  intro: string,
  button: { label: string; url: string },
  extras: EmailExtras = {},
) {
  const text = [
    intro,
    '',
    ...lines.map(([label, value]) => `${label}: ${value}`),
    '',
    ...(extras.outro ? [extras.outro, ''] : []),
    `${button.label}: ${button.url}`,
    '',
    company.name,
  ].join('\n');
  const html = `${emailPageStart}
${extras.top ?? ''}
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(heading)}</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:24px">${escapeHtml(intro)}</p>
${fieldTableHtml(lines)}
${extras.htmlAfterFields ?? ''}
${extras.outro ? `<p style="margin:16px 0 0;font-size:15px;line-height:22px">${escapeHtml(extras.outro)}</p>` : ''}
${emailButtonHtml(button.label, button.url)}
</td></tr></table></td></tr></table></body></html>`;
  return { text, html };
}

/** The red "URGENT" badge above an urgent staff notice's heading. */
export const urgentBadgeHtml =
  '<p style="margin:0 0 8px;display:inline-block;background:#b91c1c;color:#ffffff;font-size:13px;font-weight:700;letter-spacing:0.04em;padding:4px 10px;border-radius:999px">URGENT</p>';

export interface NewRequestDetails {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  service: string;
  propertySize: string | null;
  urgency: string | null;
  message: string;
  submittedAt: Date;
  /** By src/shared/urgency.ts: the subject starts with "URGENT:" so it stands out in a mailbox. */
  urgent: boolean;
}

/** Made once: `toLocaleString` with options builds a new formatter on every call, a real cost under a burst. */
const centralTime = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', dateStyle: 'medium', timeStyle: 'short' });

/** Tells staff about a new quote request: every field, with Reply-To set to the requester. */
export function newRequestEmail(to: string, request: NewRequestDetails, inboxUrl: string): EmailMessage {
  const when = centralTime.format(request.submittedAt);
  const fields: Array<[string, string]> = [
    ['Name', request.name],
    ['Email', request.email],
    ['Phone', request.phone ?? 'not given'],
    ['Service', request.service],
    ['Property size', request.propertySize ?? 'not given'],
    ['Urgency', request.urgency ?? 'not given'],
    ['Submitted', `${when} (Central)`],
    ['Message', request.message],
  ];
  const text = [
    request.urgent
      ? `An urgent quote request came in from ${request.name}: call back as soon as you can.`
      : `A new quote request came in from ${request.name}.`,
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    '',
    `Open the inbox: ${inboxUrl}`,
    'Reply to this e-mail to answer the requester directly.',
  ].join('\n');
  const html = `${emailPageStart}
${request.urgent ? urgentBadgeHtml : ''}
<h1 style="margin:0 0 16px;font-size:22px">${request.urgent ? 'Urgent quote' : 'New quote'} request from ${escapeHtml(request.name)}</h1>
${fieldTableHtml(fields)}
${emailButtonHtml('Open the inbox', inboxUrl)}
<p style="margin:16px 0 0;font-size:13px;color:#475569">Reply to this e-mail to answer ${escapeHtml(request.name)} directly.</p>
</td></tr></table></td></tr></table></body></html>`;
  return {
    to,
    replyTo: request.email,
    subject: `${request.urgent ? 'URGENT: ' : ''}New quote request: ${request.service} from ${request.name}`,
    text,
    html,
  };
}

/** Where an invitation leads: a customer's user to the portal, office staff to the console, a crew member to the crew page. */
export type InvitationAudience = 'portal' | 'console' | 'crew';

const invitationPlaces: Record<InvitationAudience, { place: string; offers: string }> = {
  portal: {
    place: 'customer portal',
    offers:
      'There you can see each of your properties and the before and after photos from every visit, any time, on your phone or at your desk.',
  },
  console: {
    place: 'staff console',
    offers:
      'There the office answers quote requests, keeps customers and their properties up to date, and uploads the before and after photos of each visit.',
  },
  crew: {
    place: 'crew page',
    offers: 'There you will see the lots and visits assigned to you, on your phone, wherever the day takes you.',
  },
};

/**
 * An invitation to the customer portal (a customer's user), the staff console (office staff)
 * or the crew page (a crew member): who sent it, what the place offers, and how long the link
 * works. Never the "if you did not ask to sign in" line: nobody asked, somebody invited them.
 */
export function invitationEmail({
  to,
  firstName,
  link,
  inviter,
  audience,
  customerName,
}: {
  to: string;
  firstName: string | null;
  link: string;
  /** The staff member who sent it, or null when it came from the company itself (an operator command). */
  inviter: string | null;
  audience: InvitationAudience;
  /** The customer company the person signs in for (portal invitations). */
  customerName?: string | null;
}): EmailMessage {
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  const from = inviter ? `${inviter} at ${company.name}` : company.name;
  const { place, offers } = invitationPlaces[audience];
  const invited = `${from} has invited you to the ${company.name} ${place}${audience === 'portal' && customerName ? ` for ${customerName}` : ''}.`;
  const lifetime = `The invitation works once, for ${INVITATION_DAYS} days. If it has expired, open it anyway and ask for a new link.`;
  const questions = `Questions? Write to ${company.supportEmail} or call ${company.phone.display}.`;
  const text = [greeting, '', invited, offers, '', `Accept the invitation: ${link}`, '', lifetime, questions, '', company.name].join('\n');
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#f1f5f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td>
<p style="margin:0 0 8px;font-size:14px;font-weight:700;color:#1d5ed8">${escapeHtml(company.name)}</p>
<h1 style="margin:0 0 16px;font-size:22px">You are invited to the ${escapeHtml(place)}</h1>
<p style="margin:0 0 12px;font-size:16px;line-height:24px">${escapeHtml(greeting)} ${escapeHtml(invited)}</p>
<p style="margin:0 0 24px;font-size:16px;line-height:24px">${escapeHtml(offers)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d5ed8;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:8px">Accept the invitation</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#475569">Or paste this address into your browser:<br><span style="word-break:break-all">${escapeHtml(link)}</span></p>
<p style="margin:24px 0 0;font-size:13px;color:#475569">${escapeHtml(lifetime)} ${escapeHtml(questions)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { to, subject: `${inviter ?? company.name} invited you to the ${company.name} ${place}`, text, html, sensitive: true };
}
