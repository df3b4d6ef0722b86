import { useQuery } from '@tanstack/react-query';
import type { ConsoleAgreement } from '../../../../shared/api/agreements';
import { agreementKeys } from '../../../api/query-keys';
import { getJson } from '../../../lib/api-client';

/** GET /api/admin/agreements/{id}: one service agreement whole, with its prices, the estimate, its plans and first visits. */
export const agreementUrl = (id: string) => `/api/admin/agreements/${encodeURIComponent(id)}`;

export const useAgreement = (id: string) =>
  useQuery({ queryKey: agreementKeys.one(id), queryFn: () => getJson<ConsoleAgreement>(agreementUrl(id)) });
