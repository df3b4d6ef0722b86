import { company } from './company';
import { CANCEL_NOTICE_DAYS } from './estimates';

/**
 * The terms and conditions of an estimate, in the very words the estimate page and the PDF show
 * (and the prospect agrees to with "I agree to the terms above"). Plain, short and fair: a
 * Wisconsin commercial lot-cleaning service's usual terms. Changing them changes what every
 * estimate sent afterwards says; an accepted estimate's fingerprint covers the words it showed.
 */
export const ESTIMATE_TERMS: readonly string[] = [
  `Month-to-month service has no long-term contract: either side may end it with ${CANCEL_NOTICE_DAYS} days' written notice, from the customer portal or by e-mail.`,
  'A 6- or 12-month term keeps its discount for the whole term. At the end of the term the service continues month-to-month at the same prices unless either side ends it.',
  'We invoice monthly for the visits made and the work done that month. Invoices are due within 30 days (net 30).',
  'Prices per visit are fixed for the term. A monthly figure marked "about" is the per-visit price times the visits in an average month; the invoice counts the visits actually made.',
  'Visits that severe weather makes unsafe, or that fall on New Year’s Day, Memorial Day, Independence Day, Labor Day, Thanksgiving or Christmas Day, are skipped or moved to the next workable day. A skipped visit is not billed.',
  'The customer gives our crews access to the property at the agreed times, and tells us of gates, codes, events or construction that affect the visits.',
  'Prices exclude Wisconsin sales tax. Tax is added where the law applies it (landscaping and lawn care), at the property’s rate; lot, sidewalk and litter cleaning is not taxed.',
  `${company.name} is ${company.legalNote.charAt(0).toLowerCase()}${company.legalNote.slice(1)}. Tell us of any damage or concern within 7 days of a visit and we will put it right.`,
];
