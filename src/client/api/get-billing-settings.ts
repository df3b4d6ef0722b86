import { useQuery } from '@tanstack/react-query';
import type { BillingSettings } from '../../shared/api/pricing';
import { getJson } from '../lib/api-client';
import { priceKeys } from './query-keys';

/** GET /api/admin/billing-settings: the term discounts and the sales-tax rates, in basis points. */
export const getBillingSettings = () => getJson<BillingSettings>('/api/admin/billing-settings');

/** Read by the price book page and by the property form, whose sales-tax choices show each rate. */
export const useBillingSettings = () => useQuery({ queryKey: priceKeys.billingSettings(), queryFn: getBillingSettings, staleTime: 60_000 });
