import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgreementListQuery, AgreementSummary } from '../../shared/api/agreements';
import { getJson } from '../lib/api-client';
import { takeFirstScreenData } from '../lib/first-screen';
import { agreementsUrl } from './api-urls';
import { agreementKeys } from './query-keys';

/**
 * GET /api/admin/agreements: service agreements with what each comes to a month and its first
 * visits; read by the overview (its new ones, which come with its page) and a customer's page.
 */
export const agreementsQuery = (filter: AgreementListQuery) =>
  queryOptions({
    queryKey: agreementKeys.list(filter),
    queryFn: () => getJson<AgreementSummary[]>(agreementsUrl(filter)),
    initialData: () => takeFirstScreenData<AgreementSummary[]>(agreementsUrl(filter)),
  });

export const useAgreements = (filter: AgreementListQuery) => useQuery(agreementsQuery(filter));
