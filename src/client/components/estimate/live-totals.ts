import { useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { z } from 'zod/mini';
import type { PublicEstimate } from '../../../shared/api/estimates';
import type { estimateAcceptSchema } from '../../../shared/api/estimate-responses';
import { estimateTotals, type AgreementTerm } from '../../../shared/estimate-totals';

/** The accept form's values, as its fields hold them (the shared schema's input). */
export type AcceptValues = z.input<typeof estimateAcceptSchema>;

/** The term's discount in basis points, as the estimate offered it. */
export const discountOf = (estimate: PublicEstimate, term: AgreementTerm | undefined) => (term ? (estimate.termDiscounts[term] ?? 0) : 0);

/** The estimate's totals for these choices: the same `estimateTotals` the server and the PDF use, so every cent agrees. */
export const totalsFor = (estimate: PublicEstimate, term: AgreementTerm | undefined, chosen: readonly string[]) =>
  estimateTotals(estimate.properties, { discountBp: discountOf(estimate, term), chosenOptionalIds: chosen });

/** The totals as the customer's choices stand now (the term and the ticked options), worked out again as they change. */
export function useLiveTotals(estimate: PublicEstimate) {
  const { control } = useFormContext<AcceptValues>();
  const [term, chosen] = useWatch({ control, name: ['term', 'optionalLineIds'] });
  return useMemo(() => totalsFor(estimate, term, chosen ?? []), [estimate, term, chosen]);
}
