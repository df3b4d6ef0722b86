import type { Agreement } from '../../../../shared/api/estimates';
import { fullDateText, mediumDateText } from '../../../../shared/date-formats';
import { estimateTotals, formatPercent, TERM_NAMES, type PropertyTotals } from '../../../../shared/estimate-totals';
import { formatCents } from '../../../../shared/money';
import { CANCEL_NOTICE_DAYS } from '../../../../shared/estimates';

/** "Plaza A", "Plaza A and Greenfield Station", "Plaza A, Plaza B and Greenfield Station". */
export function listText(names: readonly string[]): string {
  if (names.length < 2) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * What the agreement comes to, by the same `estimateTotals` as the estimate it came from: each
 * property's lines at its tax rate, the term's discount on recurring work. Every line was accepted,
 * so none is optional here.
 */
export function agreementTotals(agreement: Agreement) {
  return estimateTotals(
    agreement.properties.map((property) => {
      const lines = agreement.lines.filter((line) => line.propertyId === property.id);
      return {
        id: property.id,
        taxRateBp: lines[0]?.taxRateBp ?? 0,
        lines: lines.map((line) => ({ ...line, optional: false })),
      };
    }),
    { discountBp: agreement.discountBp, chosenOptionalIds: [] },
  );
}

export type Sums = Pick<
  PropertyTotals,
  'monthlyCents' | 'monthlyTotalCents' | 'monthlyTaxCents' | 'oneTimeCents' | 'oneTimeTotalCents' | 'oneTimeTaxCents'
>;

/**
 * Money in a sentence, with the discount and the tax in it: "About $581.29 a month after the
 * discount, plus $350.00 one time, with sales tax"; empty when nothing is billed but by the hour.
 */
export function moneyText(totals: Sums, discountBp: number) {
  const amounts = [
    totals.monthlyCents > 0 ? `About ${formatCents(totals.monthlyTotalCents)} a month${discountBp > 0 ? ' after the discount' : ''}` : null,
    totals.oneTimeCents > 0 ? `${formatCents(totals.oneTimeTotalCents)} one time` : null,
  ].filter(Boolean);
  if (!amounts.length) return '';
  const taxed = totals.monthlyTaxCents + totals.oneTimeTaxCents > 0;
  return `${amounts.join(', plus ')}${taxed ? ', with sales tax' : '; cleaning is not taxed'}`;
}

/** "12 months, 10% off recurring service", "Month-to-month". */
export function termText(agreement: Pick<Agreement, 'term' | 'discountBp'>): string {
  return agreement.discountBp > 0
    ? `${TERM_NAMES[agreement.term]}, ${formatPercent(agreement.discountBp)} off recurring service`
    : TERM_NAMES[agreement.term];
}

/** Whether the customer may cancel it from the portal: running month to month (never a fixed term still running). */
export const mayCancel = (agreement: Pick<Agreement, 'status' | 'termEndDate'>, today: string) =>
  agreement.status === 'active' && (agreement.termEndDate === null || agreement.termEndDate < today);

/**
 * The agreement's dates in words, as label and value: when it started, how long it runs, and
 * what happens after (a fixed term renews month to month unless either side ends it; notice given
 * ends it on its day).
 */
export function agreementDates(agreement: Agreement, today: string): Array<[string, string]> {
  const rows: Array<[string, string]> = [[agreement.startDate > today ? 'Starts' : 'Started', mediumDateText(agreement.startDate)]];
  const notice = `until either of us gives ${CANCEL_NOTICE_DAYS} days’ notice`;
  if (agreement.status === 'ended') return [...rows, ['Ended', agreement.endsOn ? mediumDateText(agreement.endsOn) : 'Ended']];
  if (agreement.status === 'ending') return [...rows, ['Service ends', fullDateText(agreement.endsOn!)]];
  if (agreement.termEndDate && agreement.termEndDate >= today) {
    return [
      ...rows,
      ['Runs through', mediumDateText(agreement.termEndDate)],
      ['Then', `Renews month-to-month on ${mediumDateText(agreement.renewsOn!)}, unless either of us ends it`],
    ];
  }
  if (agreement.termEndDate)
    return [...rows, ['Term ended', mediumDateText(agreement.termEndDate)], ['Renews', `Month to month, ${notice}`]];
  return [...rows, ['Renews', `Every month, ${notice}`]];
}
