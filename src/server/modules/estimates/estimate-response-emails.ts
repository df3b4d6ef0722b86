import { company } from '../../../shared/company';
import { fullDateText, instantDateTimeText } from '../../../shared/date-formats';
import { estimateTotals, formatPercent, TERM_NAMES, UNIT_NAMES, type AgreementTerm } from '../../../shared/estimate-totals';
import { formatCents } from '../../../shared/money';
import type { PublicEstimate } from '../../../shared/api/estimates';
import { type EmailMessage, simpleEmail } from '../mail';

/** Who answered, and where staff open the estimate. */
export interface ResponseContext {
  estimateId: string;
  consoleUrl: string;
}

type Lines = Array<[string, string]>;

/** "Every Monday" inside a sentence: "every Monday". */
const lowerFirst = (words: string) => words.charAt(0).toLowerCase() + words.slice(1);

/** The money of the estimate as accepted: about so much a month and so much once, with the term's discount and tax. */
function acceptedMoney(estimate: PublicEstimate, term: AgreementTerm, optionalLineIds: string[]): Lines {
  const discountBp = estimate.termDiscounts[term] ?? 0;
  const totals = estimateTotals(estimate.properties, { discountBp, chosenOptionalIds: optionalLineIds });
  const lines: Lines = [['Term', `${TERM_NAMES[term]}${discountBp ? ` (${formatPercent(discountBp)} off recurring work)` : ''}`]];
  if (totals.monthlyTotalCents) lines.push(['Monthly, about', `${formatCents(totals.monthlyTotalCents)} with tax`]);
  if (totals.oneTimeTotalCents) lines.push(['One time', `${formatCents(totals.oneTimeTotalCents)} with tax`]);
  return lines;
}

/** Each property with the lines accepted at it and their prices, and its PO number. */
function acceptedWork(estimate: PublicEstimate, optionalLineIds: string[], poNumbers: Record<string, string>): Lines {
  const chosen = new Set(optionalLineIds);
  return estimate.properties.map((property) => {
    const work = property.lines
      .filter((line) => !line.optional || chosen.has(line.id))
      .map((line) => `${line.name}: ${formatCents(line.unitPriceCents)} ${UNIT_NAMES[line.unit]}, ${lowerFirst(line.frequency)}`);
    const po = poNumbers[property.id] ? [`PO number ${poNumbers[property.id]}`] : [];
    return [property.name, [`${property.address}, ${property.city}`, ...work, ...po].join('\n')];
  });
}

const signature = (acceptance: NonNullable<PublicEstimate['acceptance']>): Lines => [
  ['Accepted by', `${acceptance.name}, ${acceptance.title}`],
  ['Accepted on', instantDateTimeText(acceptance.at)],
];

/** Tells staff at once that an estimate was accepted, with the signed copy's details and the console's link. */
export function estimateAcceptedEmail(to: string, estimate: PublicEstimate, context: ResponseContext): EmailMessage {
  const acceptance = estimate.acceptance!;
  return {
    to,
    subject: `Estimate ${estimate.number} accepted by ${acceptance.name}, ${acceptance.title} — ${estimate.companyName}`,
    ...simpleEmail(
      `Estimate ${estimate.number} accepted`,
      [
        ['Company', estimate.companyName],
        ...signature(acceptance),
        ...acceptedMoney(estimate, acceptance.term, acceptance.optionalLineIds),
        ...acceptedWork(estimate, acceptance.optionalLineIds, acceptance.poNumbers),
      ],
      `${estimate.companyName} accepted estimate ${estimate.number} (version ${estimate.version}) online. The customer, their properties, the service agreement, its plans and the first visits are in the console now, and the signer has been invited to the portal.`,
      { label: 'Open the estimate', url: context.consoleUrl },
    ),
  };
}

/** The signed copy for the person who accepted: what they accepted, when, and what happens next. */
export function signedCopyEmail(to: string, estimate: PublicEstimate, firstVisit: string | null, pageUrl: string): EmailMessage {
  const acceptance = estimate.acceptance!;
  const start = firstVisit ? [['First visit', `${fullDateText(firstVisit)} at the latest`] as [string, string]] : [];
  return {
    to,
    replyTo: company.supportEmail,
    subject: `Your signed estimate ${estimate.number} from ${company.name}`,
    ...simpleEmail(
      `Thank you, ${acceptance.name}`,
      [
        ['Estimate', `${estimate.number}, version ${estimate.version}`],
        ['Company', estimate.companyName],
        ...signature(acceptance),
        ...acceptedMoney(estimate, acceptance.term, acceptance.optionalLineIds),
        ...start,
        ...acceptedWork(estimate, acceptance.optionalLineIds, acceptance.poNumbers),
      ],
      `This is your copy of the estimate you accepted. Our crew will be out as shown below; we will send an invitation to your customer portal, where your agreement, its visits and their photos are kept.`,
      { label: 'See the estimate', url: pageUrl },
      { outro: `Questions? Reply to this e-mail or call ${company.phone.display}.` },
    ),
  };
}

/** Tells staff at once that a prospect asked for changes, in their own words (escaped in the HTML). */
export function changesRequestedEmail(
  to: string,
  estimate: PublicEstimate & { email: string },
  message: string,
  context: ResponseContext,
): EmailMessage {
  return {
    to,
    replyTo: estimate.email,
    subject: `Estimate ${estimate.number}: ${estimate.contactName} (${estimate.companyName}) asks for changes`,
    ...simpleEmail(
      `Changes requested on estimate ${estimate.number}`,
      [
        ['Company', estimate.companyName],
        ['From', `${estimate.contactName} <${estimate.email}>`],
        ['Their message', message],
      ],
      `${estimate.contactName} of ${estimate.companyName} read estimate ${estimate.number} and asked for changes. Revise it in the console (the new version goes to the same link), or reply to this e-mail.`,
      { label: 'Open the estimate', url: context.consoleUrl },
    ),
  };
}

/** Tells staff at once that a prospect declined, with their reason when they gave one. */
export function estimateDeclinedEmail(
  to: string,
  estimate: PublicEstimate & { email: string },
  reason: string | null,
  context: ResponseContext,
): EmailMessage {
  return {
    to,
    replyTo: estimate.email,
    subject: `Estimate ${estimate.number} declined by ${estimate.companyName}`,
    ...simpleEmail(
      `Estimate ${estimate.number} declined`,
      [
        ['Company', estimate.companyName],
        ['From', `${estimate.contactName} <${estimate.email}>`],
        ['Their reason', reason || 'none given'],
      ],
      `${estimate.contactName} of ${estimate.companyName} declined estimate ${estimate.number}.`,
      { label: 'Open the estimate', url: context.consoleUrl },
    ),
  };
}
