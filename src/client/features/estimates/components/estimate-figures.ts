import type { Estimate } from '../../../../shared/api/estimates';
import { estimateTotals, type AgreementTerm, type EstimateTotals } from '../../../../shared/estimate-totals';

/**
 * A saved estimate's figures, from its own prices and rates with the shared `estimateTotals`: no
 * optional line ticked, once with no discount and once per term offered (or, once accepted, with
 * the options and the term the customer chose).
 */
export function estimateFigures(estimate: Estimate): {
  base: EstimateTotals;
  terms: Array<{ term: AgreementTerm; discountBp: number; totals: EstimateTotals }>;
} {
  const chosen = estimate.acceptance?.optionalLineIds ?? [];
  const properties = estimate.properties.map((property) => ({ id: property.id, taxRateBp: property.taxRateBp, lines: property.lines }));
  const terms = estimate.acceptance ? [estimate.acceptance.term] : estimate.termsOffered;
  return {
    base: estimateTotals(properties, { discountBp: 0, chosenOptionalIds: chosen }),
    terms: terms.map((term) => {
      const discountBp = estimate.termDiscounts[term] ?? 0;
      return { term, discountBp, totals: estimateTotals(properties, { discountBp, chosenOptionalIds: chosen }) };
    }),
  };
}
