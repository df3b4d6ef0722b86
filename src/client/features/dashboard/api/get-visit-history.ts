import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PortalVisit, VisitHistory } from '../../../../shared/api/visit-history';
import { getJson } from '../../../lib/api-client';
import { visitKeys as sharedVisitKeys } from '../../../api/query-keys';
import { takeFirstScreenData } from '../../../lib/first-screen';
import { visitHistoryUrl } from './urls';

export const visitKeys = {
  all: sharedVisitKeys.all,
  history: (propertyId: string, month: string | null, page: number) => [...visitKeys.all, 'history', propertyId, month, page] as const,
  one: (visitId: string) => [...visitKeys.all, 'one', visitId] as const,
};

export const getVisitHistory = (propertyId: string, month: string | null, page: number) =>
  getJson<VisitHistory>(visitHistoryUrl(propertyId, month, page));

/** The history keeps showing the page it has while the next one loads, so the list never jumps to empty. */
export const useVisitHistory = (propertyId: string, month: string | null, page: number) =>
  useQuery({
    queryKey: visitKeys.history(propertyId, month, page),
    queryFn: () => getVisitHistory(propertyId, month, page),
    initialData: () => takeFirstScreenData<VisitHistory>(visitHistoryUrl(propertyId, month, page)),
    placeholderData: keepPreviousData,
  });

/** GET /api/visits/{id}: one visit of the history, on its own URL. */
export const getVisit = (visitId: string) => getJson<PortalVisit>(`/api/visits/${encodeURIComponent(visitId)}`);

export const useVisit = (visitId: string) => useQuery({ queryKey: visitKeys.one(visitId), queryFn: () => getVisit(visitId) });
