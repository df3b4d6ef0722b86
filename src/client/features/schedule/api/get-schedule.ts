import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Schedule } from '../../../../shared/api/schedule';
import { getJson } from '../../../lib/api-client';
import { scheduleKeys } from './keys';

/** GET /api/admin/schedule?from&to: the visits on those local days, every crew member, and today's progress. */
export const getSchedule = (from: string, to: string) => getJson<Schedule>(`/api/admin/schedule?${new URLSearchParams({ from, to })}`);

/** The week's schedule; the previous week stays on screen while the next one loads. */
export const useSchedule = (from: string, to: string) =>
  useQuery({ queryKey: scheduleKeys.week(from, to), queryFn: () => getSchedule(from, to), placeholderData: keepPreviousData });
