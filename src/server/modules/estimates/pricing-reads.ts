/*
 * TO BE REPLACED BY modules/pricing ONCE MERGED (issue 24, branch i24-pricebook): the two reads the
 * estimates need from the price book and the billing settings, kept private to this module until
 * the pricing module's public surface offers them. Nothing here writes.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { billingSettings, priceBookServices, type PriceBookServiceRow } from '../../db/schema';
import { AGREEMENT_TERMS, DEFAULT_TERM_DISCOUNTS, type AgreementTerm, type BasisPoints } from '../../../shared/estimate-totals';
import { DEFAULT_TAX_RATES, type TaxRates } from '../../../shared/tax-jurisdictions';

export interface BillingSettings {
  termDiscounts: Record<AgreementTerm, BasisPoints>;
  taxRates: TaxRates;
}

/** The billing settings' one row; without it (never seeded, or emptied), the documented defaults. */
export async function readBillingSettings(db: Executor): Promise<BillingSettings> {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.id, true)).limit(1);
  if (!row) return { termDiscounts: { ...DEFAULT_TERM_DISCOUNTS }, taxRates: { ...DEFAULT_TAX_RATES } };
  const byTerm: Record<AgreementTerm, BasisPoints> = {
    'month-to-month': row.monthToMonthDiscountBp,
    '6-months': row.sixMonthDiscountBp,
    '12-months': row.twelveMonthDiscountBp,
  };
  return {
    termDiscounts: Object.fromEntries(AGREEMENT_TERMS.map((term) => [term, byTerm[term]])) as Record<AgreementTerm, BasisPoints>,
    taxRates: {
      stateBp: row.stateTaxBp,
      milwaukeeCountyBp: row.milwaukeeCountyTaxBp,
      milwaukeeCityBp: row.milwaukeeCityTaxBp,
      waukeshaCountyBp: row.waukeshaCountyTaxBp,
    },
  };
}

/** Price-book services by id, retired ones included (the caller refuses those); unknown ids are absent. */
export async function readPriceBookServices(db: Executor, ids: readonly string[]): Promise<Map<string, PriceBookServiceRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(priceBookServices)
    .where(inArray(priceBookServices.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}
