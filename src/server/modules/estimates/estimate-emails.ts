import { company } from '../../../shared/company';
import { fullDateText, mediumDateText } from '../../../shared/date-formats';
import { emailButtonHtml, type EmailMessage, emailPageStart, escapeHtml, fieldTableHtml } from '../mail';

export interface EstimateEmailDetails {
  to: string;
  contactName: string;
  companyName: string;
  number: number;
  version: number;
  propertyNames: string[];
  proposedStartDate: string;
  validUntil: string;
  /** The prospect's link, `${appUrl}/estimates/<token>`: it alone opens the estimate. */
  link: string;
  /** The estimate's PDF, attached. */
  pdf: { filename: string; data: Buffer };
}

/** "3 properties", or the one property's name. */
const propertiesInWords = (names: string[]) => (names.length === 1 ? names[0]! : `${names.length} properties`);

/**
 * The e-mail that sends an estimate: who it is for, the properties, the start and last valid day,
 * the link to the estimate's page (accept, choose options and a term, ask for changes) and the PDF.
 * The link is the prospect's alone, so the e-mail is `sensitive`: the outbox forgets its words once
 * it is sent, and the database keeps only the link's hash (modules/estimates).
 */
export function estimateEmail(details: EstimateEmailDetails): EmailMessage {
  const revised = details.version > 1;
  const greeting = `Hello ${details.contactName},`;
  const intro = `${greeting} thank you for the chance to look after your ${details.propertyNames.length === 1 ? 'property' : 'properties'}. Here is our ${revised ? 'revised ' : ''}estimate for ${details.companyName}, with the price of each service, for you to review online.`;
  const fields: Array<[string, string]> = [
    ['Estimate', revised ? `No. ${details.number}, version ${details.version}` : `No. ${details.number}`],
    [details.propertyNames.length === 1 ? 'Property' : 'Properties', details.propertyNames.join('\n')],
    ['Proposed start', fullDateText(details.proposedStartDate)],
    ['Valid until', mediumDateText(details.validUntil)],
  ];
  const how = `On the estimate’s page you can tick the optional services you want, choose a term, add a PO number for each property, and accept online or ask us for changes. The estimate is also attached as a PDF, for your records or to forward for approval.`;
  const replaces = revised ? 'This version replaces the estimate we sent before; the earlier link now points here.' : null;
  const care = `The link is yours: whoever has it can open and accept the estimate, so please forward the PDF rather than this e-mail.`;
  const questions = `Questions? Reply to this e-mail or call ${company.phone.display}.`;
  const text = [
    intro,
    '',
    ...fields.map(([label, value]) => `${label}: ${value.replace(/\n/g, ', ')}`),
    '',
    how,
    ...(replaces ? ['', replaces] : []),
    '',
    `View your estimate: ${details.link}`,
    '',
    care,
    questions,
    '',
    company.name,
  ].join('\n');
  const paragraph = (words: string) => `<p style="margin:16px 0 0;font-size:15px;line-height:22px">${escapeHtml(words)}</p>`;
  const html = `${emailPageStart}
<h1 style="margin:0 0 16px;font-size:22px">Your ${revised ? 'revised ' : ''}estimate from ${escapeHtml(company.name)}</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:24px">${escapeHtml(intro)}</p>
${fieldTableHtml(fields)}
${paragraph(how)}
${replaces ? paragraph(replaces) : ''}
${emailButtonHtml('View your estimate', details.link)}
<p style="margin:16px 0 0;font-size:13px;color:#475569">Or paste this address into your browser:<br><span style="word-break:break-all">${escapeHtml(details.link)}</span></p>
<p style="margin:24px 0 0;font-size:13px;color:#475569">${escapeHtml(care)} ${escapeHtml(questions)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return {
    to: details.to,
    subject: `Your ${revised ? 'revised ' : ''}estimate from ${company.name} — ${propertiesInWords(details.propertyNames)}`,
    text,
    html,
    replyTo: company.supportEmail,
    attachments: [{ filename: details.pdf.filename, contentType: 'application/pdf', data: details.pdf.data }],
    sensitive: true,
  };
}
