import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Schedule } from '../../../../shared/api/schedule';
import { getJson } from '../../../lib/api-client';
import { takeFirstScreenData } from '../../../lib/first-screen';
import { scheduleKeys } from '../../../api/schedule-keys';

/** GET /api/admin/schedule?from&to: the visits on those local days, every crew member, and today's progress. */
const scheduleUrl = (from: string, to: string) => `/api/admin/schedule?${new URLSearchParams({ from, to })}`;

export const getSchedule = (from: string, to: string) => getJson<Schedule>(scheduleUrl(from, to));

/** The week's schedule; the previous week stays on screen while the next one loads. */
export const useSchedule = (from: string, to: string) =>
  useQuery({
    queryKey: scheduleKeys.week(from, to),
    queryFn: () => getSchedule(from, to),
    initialData: () => takeFirstScreenData<Schedule>(scheduleUrl(from, to)),
    placeholderData: keepPreviousData,
  });
