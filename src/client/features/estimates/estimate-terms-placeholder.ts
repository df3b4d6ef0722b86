/**
 * PLACEHOLDER until src/shared/estimate-terms.ts (branch i24-pdf, the words the PDF prints too) is
 * on main: the page then imports ESTIMATE_TERMS from there and this file goes.
 */
export const ESTIMATE_TERMS: readonly string[] = [
  'Month-to-month service has no long-term contract: either side may end it with 30 days’ written notice.',
  'A 6- or 12-month term keeps its discount for the whole term, then continues month-to-month at the same prices unless either side ends it.',
  'We invoice monthly for the visits made; invoices are due within 30 days.',
  'Prices exclude Wisconsin sales tax, which is added where the law applies it, at the property’s rate.',
];
