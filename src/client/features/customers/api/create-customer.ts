import type { CustomerCreateInput } from '../../../../shared/staff-schemas';
import { resources } from '../../../api/query-keys';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

/** POST /api/admin/customers: with `quoteRequestId`, the request is linked to the new customer. */
export const createCustomer = (input: CustomerCreateInput) => sendJson<{ id: string }>('POST', '/api/admin/customers', input);

export const useCreateCustomer = () =>
  useRefreshingMutation({
    mutationFn: createCustomer,
    // Its properties join the lists a visit can be added to; the inbox shows the request's new customer link.
    changes: [resources.customers, resources.properties, (input) => (input.quoteRequestId ? resources.quoteRequests : null)],
  });
