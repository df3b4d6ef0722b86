import type { BillingSettings } from '../../../../shared/api/pricing';
import { resources } from '../../../api/query-keys';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

/** PUT /api/admin/billing-settings: every discount and rate at once. */
export const updateBillingSettings = (input: BillingSettings) => sendJson<BillingSettings>('PUT', '/api/admin/billing-settings', input);

/** The settings are shown on the price book page and in the property form's sales-tax choices. */
export const useUpdateBillingSettings = () => useRefreshingMutation({ mutationFn: updateBillingSettings, changes: [resources.prices] });
