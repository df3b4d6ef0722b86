import { useQuery } from '@tanstack/react-query';
import type { PortalEstimateSummary } from '../../../../shared/api/estimates';
import { getEstimateView, useEstimateAnswers } from '../../../api/estimate-answers';
import { agreementKeys, propertyKeys, resources, visitKeys } from '../../../api/query-keys';
import { getJson } from '../../../lib/api-client';
import { myEstimateUrl, MY_ESTIMATES_URL } from './urls';

/** The customer's own estimates in the portal: the list waiting for an answer, and each one. */
export const myEstimateKeys = {
  all: [...resources.estimates, 'mine'] as const,
  one: (id: string) => [...resources.estimates, 'mine', id] as const,
};

/** GET /api/portal/estimates: estimates for an added property or service, waiting for the customer's answer. */
export const useMyEstimates = () =>
  useQuery({ queryKey: myEstimateKeys.all, queryFn: () => getJson<PortalEstimateSummary[]>(MY_ESTIMATES_URL) });

/** GET /api/portal/estimates/{id}: the estimate as its link would show it; 404 for one that is not the customer's. */
export const useMyEstimate = (id: string) =>
  useQuery({ queryKey: myEstimateKeys.one(id), queryFn: () => getEstimateView(myEstimateUrl(id)) });

/**
 * The estimate's answers in the portal. Any answer takes it off the list (or keeps it, as changes
 * requested); accepting makes an agreement, maybe a property, and their visits.
 */
export const useMyEstimateAnswers = (id: string) =>
  useEstimateAnswers(myEstimateKeys.one(id), (answer) => myEstimateUrl(id, answer), [
    myEstimateKeys.all,
    agreementKeys.all,
    propertyKeys.all,
    visitKeys.all,
  ]);
