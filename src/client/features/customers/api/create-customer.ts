import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerCreateInput } from '../../../../shared/staff-schemas';
import { sendJson } from '../../../lib/api-client';
import { customerKeys } from './keys';
import { linkedQuoteRequestKeys } from './get-quote-request';

/** POST /api/admin/customers: with `quoteRequestId`, the request is linked to the new customer. */
export const createCustomer = (input: CustomerCreateInput) => sendJson<{ id: string }>('POST', '/api/admin/customers', input);

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: async (_result, input) => {
      await queryClient.invalidateQueries({ queryKey: customerKeys.all });
      // The inbox shows the request's new customer link.
      if (input.quoteRequestId) await queryClient.invalidateQueries({ queryKey: linkedQuoteRequestKeys.all });
    },
  });
}
