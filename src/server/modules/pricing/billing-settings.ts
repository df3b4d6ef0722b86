import { eq, sql } from 'drizzle-orm';
import type { BillingSettings } from '../../../shared/api/pricing';
import type { BasisPoints } from '../../../shared/estimate-totals';
import { taxRateBp, type TaxJurisdiction } from '../../../shared/tax-jurisdictions';
import type { Executor } from '../../db/executor';
import { billingSettings } from '../../db/schema';

/**
 * The company's billing settings, one row: the term discounts and the sales-tax rates, with
 * defaults from the schema (docs/operations.md: confirm them with the Wisconsin DOR).
 */

type Row = typeof billingSettings.$inferSelect;

const asSettings = (row: Row): BillingSettings => ({
  termDiscounts: {
    'month-to-month': row.monthToMonthDiscountBp,
    '6-months': row.sixMonthDiscountBp,
    '12-months': row.twelveMonthDiscountBp,
  },
  taxRates: {
    stateBp: row.stateTaxBp,
    milwaukeeCountyBp: row.milwaukeeCountyTaxBp,
    milwaukeeCityBp: row.milwaukeeCityTaxBp,
    waukeshaCountyBp: row.waukeshaCountyTaxBp,
  },
});

/** The one row; should it be missing (a restore that left it out), it is made again with the defaults. */
export async function settingsRow(db: Executor): Promise<Row> {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.id, true));
  if (row) return row;
  await db.insert(billingSettings).values({ id: true }).onConflictDoNothing();
  const [made] = await db.select().from(billingSettings).where(eq(billingSettings.id, true));
  return made!;
}

/** The term discounts and the tax rates, in basis points. */
export async function getBillingSettings(db: Executor): Promise<BillingSettings> {
  return asSettings(await settingsRow(db));
}

/** Replaces every discount and rate at once, noting who changed them. Only estimates made afterwards use them. */
export async function updateBillingSettings(db: Executor, input: BillingSettings, userId: string | null): Promise<BillingSettings> {
  const values = {
    monthToMonthDiscountBp: input.termDiscounts['month-to-month'],
    sixMonthDiscountBp: input.termDiscounts['6-months'],
    twelveMonthDiscountBp: input.termDiscounts['12-months'],
    stateTaxBp: input.taxRates.stateBp,
    milwaukeeCountyTaxBp: input.taxRates.milwaukeeCountyBp,
    milwaukeeCityTaxBp: input.taxRates.milwaukeeCityBp,
    waukeshaCountyTaxBp: input.taxRates.waukeshaCountyBp,
    updatedBy: userId,
    updatedAt: sql`now()`,
  };
  const [row] = await db
    .insert(billingSettings)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: billingSettings.id, set: values })
    .returning();
  return asSettings(row!);
}

/** The combined sales-tax rate of a jurisdiction under the current settings (Milwaukee: state, county and city). */
export async function taxRateFor(db: Executor, jurisdiction: TaxJurisdiction): Promise<BasisPoints> {
  return taxRateBp(jurisdiction, (await getBillingSettings(db)).taxRates);
}

/** What the billing run reads besides the discounts and rates (issue 25). */
export interface InvoiceSettings extends BillingSettings {
  /** A visit the company skipped (weather, a holiday) on a monthly line is credited. */
  creditCompanySkips: boolean;
  /** The price-book services that bill a customer's extra cleanup (per visit) and a problem's callout (per hour). */
  extraCleanupServiceId: string | null;
  calloutServiceId: string | null;
}

export async function getInvoiceSettings(db: Executor): Promise<InvoiceSettings> {
  const row = await settingsRow(db);
  return {
    ...asSettings(row),
    creditCompanySkips: row.creditCompanySkips,
    extraCleanupServiceId: row.extraCleanupServiceId,
    calloutServiceId: row.calloutServiceId,
  };
}
