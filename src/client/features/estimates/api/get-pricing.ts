import { useQuery } from '@tanstack/react-query';
import type { AgreementTerm, BasisPoints, ServiceUnit, TaxClass } from '../../../../shared/estimate-totals';
import type { TaxRates } from '../../../../shared/tax-jurisdictions';
import { getJson } from '../../../lib/api-client';
import { priceBookKeys } from './keys';
import { BILLING_SETTINGS_URL, PRICE_BOOK_URL } from './urls';

/** A price-book service, as far as an estimate's line needs it (the price book's contract has more). */
export interface PriceBookService {
  id: string;
  name: string;
  description: string;
  unit: ServiceUnit;
  priceCents: number;
  taxClass: TaxClass;
  active: boolean;
}

/** The billing settings: each term's discount and each sales tax, in basis points. */
export interface BillingSettings {
  termDiscounts: Record<AgreementTerm, BasisPoints>;
  taxRates: TaxRates;
}

/** GET /api/admin/price-book: every service; a new line offers the active ones only. */
export const usePriceBook = () =>
  useQuery({ queryKey: priceBookKeys.services(), queryFn: () => getJson<PriceBookService[]>(PRICE_BOOK_URL), staleTime: 60_000 });

/** GET /api/admin/billing-settings. */
export const useBillingSettings = () =>
  useQuery({ queryKey: priceBookKeys.settings(), queryFn: () => getJson<BillingSettings>(BILLING_SETTINGS_URL), staleTime: 60_000 });
