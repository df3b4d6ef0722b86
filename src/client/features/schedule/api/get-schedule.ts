import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Schedule } from '../../../../shared/api/schedule';
import { getJson } from '../../../lib/api-client';
import { takeFirstScreenData } from '../../../lib/first-screen';
import { scheduleKeys } from '../../../api/schedule-keys';
import { scheduleUrl } from './urls';

export const getSchedule = (from: string, to: string) => getJson<Schedule>(scheduleUrl(from, to));

/** The week's schedule; the previous week stays on screen while the next one loads. */
export const useSchedule = (from: string, to: string) =>
  useQuery({
    queryKey: scheduleKeys.week(from, to),
    queryFn: () => getSchedule(from, to),
    initialData: () => takeFirstScreenData<Schedule>(scheduleUrl(from, to)),
    placeholderData: keepPreviousData,
  });
