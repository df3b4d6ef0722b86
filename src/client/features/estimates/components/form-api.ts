import type { UseFormReturn } from 'react-hook-form';
import type { EstimateDraft } from '../../../../shared/api/estimates';
import type { PriceBookService } from '../../../../shared/api/pricing';
import type { EstimateFormValues } from '../builder-values';

/** The builder's form, as its parts receive it. */
export type EstimateFormApi = UseFormReturn<EstimateFormValues, unknown, EstimateDraft>;

/** The price book as the lines read it: every service by id (a draft may name one since retired), and the active ones to offer. */
export interface PriceBook {
  byId: ReadonlyMap<string, PriceBookService>;
  active: readonly PriceBookService[];
}

/** A list's own message (at least one property, one line), wherever the resolver put it. */
export const listError = (error: { message?: string; root?: { message?: string } } | undefined) => error?.root?.message ?? error?.message;

export const sectionTitle = 'text-lg font-semibold text-slate-900 dark:text-white';
